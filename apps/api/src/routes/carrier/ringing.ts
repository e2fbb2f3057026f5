import { publishLiveEvent } from "@poundline/platform/events/live";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app";

/** A call routed to an account rings there: its open consoles hear of it at once. */
export function announceRinging(
  live: AppDeps["live"],
  log: FastifyBaseLogger,
  accountId: string,
  callSid: string,
  call: { from: string; to: string },
) {
  publishLiveEvent(live, log, accountId, {
    type: "call.updated",
    callSid,
    status: "ringing",
    from: call.from,
    to: call.to,
    direction: "inbound",
  });
}
