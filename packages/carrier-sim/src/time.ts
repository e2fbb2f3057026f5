/** Wall time for the sim: calls run on their own virtual timeline, starting at `now()`. */
export interface SimClock {
  now(): Date;
}

/** A clock that moves only when told to, so tests get exact timestamps. */
export interface VirtualClock extends SimClock {
  advance(seconds: number): void;
  set(date: Date): void;
}

export const systemClock: SimClock = { now: () => new Date() };

export function createVirtualClock(start: Date = new Date()): VirtualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (seconds) => {
      current += seconds * 1000;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

/** The carrier's date format: `Tue, 31 Aug 2010 20:36:28 +0000`. */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
