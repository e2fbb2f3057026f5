import type { Database } from "@poundline/db";
import { memberOfSoftphone } from "@poundline/domain/members";
import { enqueueMemberPush } from "./enqueue";

export interface RungCall {
  accountId: string;
  callSid: string;
  from: string;
  to: string;
  /** What the call's Dial rings: numbers, and `client:` softphones. */
  destinations: readonly string[];
}

/**
 * The members whose softphones a Dial rings hear of it on their phones: a push job per member of
 * the account, written after the webhook is answered (posted without waiting: a failure costs
 * the push, never the call). Nothing is written for a Dial that rings no softphone.
 */
export function createRingNotifier(deps: {
  db: Database;
  log: { warn(obj: object, msg: string): void };
  /** Wakes the outbox relay: a ringing phone is worth no wait for its next pass. */
  wake: () => void;
}) {
  return (call: RungCall): void => {
    const userIds = call.destinations.flatMap((destination) => {
      const member = destination.startsWith("client:") ? memberOfSoftphone(destination) : null;
      return member && member.accountId === call.accountId ? [member.userId] : [];
    });
    if (userIds.length === 0) return;
    const { accountId, callSid, from, to } = call;
    Promise.all(
      userIds.map((userId) =>
        enqueueMemberPush(deps.db, userId, "push-incoming-call", `push-incoming-call:${callSid}:${userId}`, {
          accountId,
          userId,
          callSid,
          from,
          to,
        }),
      ),
    )
      .then(deps.wake)
      .catch((err: unknown) => deps.log.warn({ err, callSid }, "incoming call push not queued"));
  };
}
