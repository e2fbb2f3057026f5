import { AppError } from "@poundline/contracts/errors";
import { inboxMessages } from "@poundline/contracts/inbox/schemas";
import { CONVERSATION_NOT_FOUND_MESSAGE } from "@poundline/contracts/messages/conversation-schemas";
import { VOICEMAIL_NOT_FOUND_MESSAGE } from "@poundline/contracts/voicemails/schemas";
import type { Actor } from "@poundline/modules/inbox/conversations";
import { displayName } from "@poundline/modules/inbox/members";
import type { LiveEvent } from "@poundline/platform/events/live";
import { publishLiveEvent } from "@poundline/platform/events/live";
import type { FastifyRequest } from "fastify";
import { requireAccount } from "../../auth/context";

export const conversationNotFound = () => new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND_MESSAGE);
export const voicemailNotFound = () => new AppError("NOT_FOUND", VOICEMAIL_NOT_FOUND_MESSAGE);
export const callNotFound = () => new AppError("NOT_FOUND", inboxMessages.callNotFound);
export const notAMember = () =>
  new AppError("BAD_REQUEST", inboxMessages.notMember, { assigneeId: [inboxMessages.notMember] });

/** The signed-in person as the inbox names them, with their account. */
export function actorOf(request: FastifyRequest): { accountId: string; by: Actor } {
  const { account, user } = requireAccount(request);
  return { accountId: account.id, by: { id: user.id, name: displayName(user) } };
}

/** Tells the account's open consoles, without waiting (a lost event costs a refetch at most). */
export function tell(request: FastifyRequest, accountId: string, ...events: LiveEvent[]) {
  for (const event of events) publishLiveEvent(request.server.deps.live, request.log, accountId, event);
}

/** The bell entries a change made: their members' consoles refetch the bell. */
export function bellsRung(userIds: readonly (string | null | undefined)[]): LiveEvent[] {
  return [...new Set(userIds.filter((id): id is string => Boolean(id)))].map((userId) => ({
    type: "notification.created",
    userId,
  }));
}
