/**
 * Who a ring group's line rings for whom, pure: each waiting caller at the head of the line is
 * offered the group's free seats, the longest waiting first, so several members take several
 * callers at once. A seat is one member of the group (all their devices), or an extension that
 * belongs to nobody; it is free when it can be rung now, is not on a call and is not being rung
 * for another caller of the line.
 */

/** A seat of the group and the numbers rung for it. */
export interface Seat {
  /** The member's user id, or the extension's id when it belongs to nobody. */
  key: string;
  numbers: readonly string[];
}

/** A caller of the line as the assignment sees them, in the line's order. */
export interface SeatCaller {
  id: string;
  /** The seats rung for them now; null while they wait with nobody rung. */
  ringing: readonly string[] | null;
  /** The seats that may be offered to them, in their strategy's order, those already rung left out. */
  candidates: readonly string[];
  /** How many seats one offer rings at most: 1 (sequential, round robin), or all (simultaneous). */
  perOffer: number;
}

/**
 * The seats to ring now for each waiting caller (only those who get one). The callers are dealt
 * the free seats in turns, one each in the line's order, each taking the first free seat of their
 * own order; turns go on while someone may take more (`perOffer`) and seats are left. A caller
 * alone in line thus gets every free seat when the group rings simultaneously, one otherwise.
 */
export function assignSeats(line: readonly SeatCaller[], onCall: ReadonlySet<string>): Map<string, string[]> {
  const taken = new Set(onCall);
  for (const caller of line) for (const key of caller.ringing ?? []) taken.add(key);
  const waiting = line.filter((caller) => caller.ringing === null);
  const given = new Map<string, string[]>();
  for (let dealt = true; dealt; ) {
    dealt = false;
    for (const caller of waiting) {
      const mine = given.get(caller.id) ?? [];
      if (mine.length >= caller.perOffer) continue;
      const seat = caller.candidates.find((key) => !taken.has(key));
      if (seat === undefined) continue;
      taken.add(seat);
      given.set(caller.id, [...mine, seat]);
      dealt = true;
    }
  }
  return given;
}

/** The numbers rung for `keys`, in that order, each once. */
export function seatNumbers(seats: readonly Seat[], keys: readonly string[]): string[] {
  const byKey = new Map(seats.map((seat) => [seat.key, seat.numbers]));
  return [...new Set(keys.flatMap((key) => byKey.get(key) ?? []))];
}
