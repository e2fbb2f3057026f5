import { useSyncExternalStore } from "react";

/** How long "<name> is writing…" stays after the last word heard (the writer repeats every few seconds). */
export const TYPING_SHOWN_MS = 6000;

export interface Writer {
  userId: string;
  name: string;
  until: number;
}

/** By conversation ("our|peer"): who else is writing, and until when. */
let writers: Readonly<Record<string, readonly Writer[]>> = {};
const listeners = new Set<() => void>();

export const conversationId = (ourNumber: string, peerNumber: string) => `${ourNumber}|${peerNumber}`;

/** A live "inbox.typing" event: the writer shows in that conversation until `now + TYPING_SHOWN_MS`. */
export function recordTyping(
  event: { ourNumber: string; peerNumber: string; userId: string; name: string },
  now: number,
) {
  const id = conversationId(event.ourNumber, event.peerNumber);
  const others = (writers[id] ?? []).filter((w) => w.userId !== event.userId && w.until > now);
  writers = {
    ...writers,
    [id]: [...others, { userId: event.userId, name: event.name, until: now + TYPING_SHOWN_MS }],
  };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const none: readonly Writer[] = [];

/** Who is writing to this conversation as last heard (the caller drops the expired ones). */
export function useWriters(ourNumber: string, peerNumber: string): readonly Writer[] {
  const id = conversationId(ourNumber, peerNumber);
  return useSyncExternalStore(subscribe, () => writers[id] ?? none);
}
