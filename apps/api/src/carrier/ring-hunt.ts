import { announcePresence } from "@poundline/modules/people/presence";
import { createRingNotifier } from "@poundline/modules/push/ringing";
import { createRingHunt } from "@poundline/modules/ring-hunt/hunt";
import { createHuntStore } from "@poundline/modules/ring-hunt/hunt-store";
import { publishLiveEvent } from "@poundline/platform/events/live";
import type { FastifyInstance } from "fastify";
import { twimlOptionsOf } from "./twiml-reply";

/** The hunts of this instance's app: their state in the database, the line's changes told live. */
export function ringHuntOf(app: FastifyInstance) {
  const { carrier, carrierClient, callControl, routing, clock, db, live, presence } = app.deps;
  const pushRinging = createRingNotifier({ db: db.db, log: app.log, wake: () => app.deps.jobs?.notify() });
  return createRingHunt({
    hunts: createHuntStore(db.db),
    carrier: carrierClient,
    calls: callControl,
    routing: () => routing.current(),
    clock,
    twiml: twimlOptionsOf(carrier),
    lineChanged: (accountId) => publishLiveEvent(live, app.log, accountId, { type: "queue.changed" }),
    onCall: (accountId) => presence.calls(accountId),
    // A member's browser rung for a caller of the line: their phone hears of it (Web Push).
    memberRung: (rung) =>
      pushRinging({
        accountId: rung.accountId,
        callSid: rung.callSid,
        from: "",
        to: rung.line,
        destinations: [rung.to],
      }),
    // A member's phone that took a caller of the line is on that call, as a softphone is.
    seatCall: async (accountId, seat, callSid, joined) => {
      if (joined) await presence.callJoined(accountId, seat, callSid);
      else await presence.callLeft(accountId, seat, callSid);
      announcePresence(live, app.log, accountId, seat);
    },
  });
}
