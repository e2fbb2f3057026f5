import type { Processor } from "@poundline/platform/queue/jobs";
import { notifyMissedCall } from "./missed-call";
import type { NotificationPorts } from "./ports";

/** What the notification processors need beyond the job ports every processor receives. */
export type NotificationDeps = Omit<NotificationPorts, "db" | "log" | "clock">;

/** A processor of `{ callSid }` for the missed-call job (not in the job map yet). */
export function missedCallProcessor(deps: NotificationDeps): Processor<{ callSid: string }> {
  return (ports, payload) => notifyMissedCall({ ...deps, ...ports }, payload);
}
