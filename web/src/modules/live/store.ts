import { useSyncExternalStore } from "react";
import { applyCallEvent, type LiveCall } from "./calls";
import type { LiveStatus } from "./connection";

/** Client state of the live connection: its status and the calls heard of. */
interface LiveState {
  status: LiveStatus;
  calls: ReadonlyMap<string, LiveCall>;
}

let state: LiveState = { status: "connecting", calls: new Map() };
const listeners = new Set<() => void>();

function update(next: LiveState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setLiveStatus(status: LiveStatus) {
  if (status !== state.status) update({ ...state, status });
}

export function recordCallEvent(event: Omit<LiveCall, "firstSeen">) {
  update({ ...state, calls: applyCallEvent(state.calls, event) });
}

/** Forgets the calls heard of (signing out). */
export function resetLiveCalls() {
  update({ ...state, calls: new Map() });
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, () => state.status);
}

export function useLiveCalls(): ReadonlyMap<string, LiveCall> {
  return useSyncExternalStore(subscribe, () => state.calls);
}
