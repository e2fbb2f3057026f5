import type { MemberPresence } from "@poundline/contracts/people/schemas";
import { type Database, schema } from "@poundline/db";
import { type MemberCallChange, presenceOf } from "@poundline/domain/presence";
import type { LiveEvents } from "@poundline/platform/events/live";
import { and, asc, eq } from "drizzle-orm";
import { memberName } from "../carrier/routing-tables";
import type { PresenceStore } from "./presence-store";

type WarnLog = { warn(obj: object, msg: string): void };

/** The account's members and their live state: availability from the database, the rest from the store. */
export async function listPresence(
  db: Database,
  store: PresenceStore,
  accountId: string,
): Promise<MemberPresence[]> {
  const { accountMemberships: m, users: u, memberSettings: s } = schema;
  const [rows, online, calls] = await Promise.all([
    db
      .select({ user: u, availability: s.availability })
      .from(m)
      .innerJoin(u, eq(u.id, m.userId))
      .leftJoin(s, and(eq(s.accountId, m.accountId), eq(s.userId, m.userId)))
      .where(eq(m.accountId, accountId))
      .orderBy(asc(u.firstName), asc(u.lastName), asc(u.email)),
    store.online(accountId),
    store.calls(accountId),
  ]);
  return rows.map(({ user, availability }) => {
    const callSids = calls.get(user.id) ?? [];
    const facts = {
      availability: availability ?? "available",
      online: online.has(user.id),
      onCall: callSids.length > 0,
    };
    return { userId: user.id, name: memberName(user), state: presenceOf(facts), callSids };
  });
}

/** Tells the account's consoles that a member's state may have changed (they refetch it). */
export function announcePresence(
  live: Pick<LiveEvents, "post">,
  log: WarnLog,
  accountId: string,
  userId: string,
) {
  live.post(accountId, { type: "presence.changed", userId }, log);
}

/**
 * Applies a call's news to the store, then announces it; without waiting (the carrier's answer
 * does not), a failure only logged.
 */
export function applyMemberCall(
  deps: { presence: PresenceStore; live: Pick<LiveEvents, "post"> },
  log: WarnLog,
  change: MemberCallChange,
): void {
  const { accountId, userId, callSid } = change;
  const write = change.joined
    ? deps.presence.callJoined(accountId, userId, callSid)
    : deps.presence.callLeft(accountId, userId, callSid);
  write.then(
    () => announcePresence(deps.live, log, accountId, userId),
    (err: unknown) => log.warn({ err, accountId, callSid }, "presence not updated"),
  );
}
