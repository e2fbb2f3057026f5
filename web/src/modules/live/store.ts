import { useSyncExternalStore } from "react";
import type { LiveStatus } from "./connection";

let current: LiveStatus = "connecting";
const listeners = new Set<() => void>();

/** The live connection's state, for the header's indicator. Client state only. */
export function setLiveStatus(status: LiveStatus) {
  if (status === current) return;
  current = status;
  for (const listener of listeners) listener();
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
