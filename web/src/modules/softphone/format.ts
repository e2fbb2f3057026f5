import type { DeviceStatus } from "./store";

/** A call's running time as the softphone's timer shows it: "00:07", "12:34", "1:02:03". */
export function formatCallTimer(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const two = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(seconds / 3600);
  const mmss = `${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

export const STATUS_LABELS: Record<DeviceStatus, string> = {
  ready: "Ready",
  connecting: "Connecting",
  offline: "Offline",
};

/** The keypad's keys, in a phone's order. */
export const KEYPAD_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;
