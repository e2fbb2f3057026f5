import { memberLimitRefusal } from "@poundline/contracts/billing/plan-limits";
import { AppError } from "@poundline/contracts/errors";
import type { Member, MemberList } from "@poundline/contracts/team/schemas";
import { teamMessages } from "@poundline/contracts/team/schemas";
import { type Database, schema } from "@poundline/db";
import type { invitableRoles } from "@poundline/db/enums";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import { verifyPassword } from "../auth/passwords";
import { currentPlan } from "../billing/current-plan";
import { lockMemberships, memberCounts } from "../billing/enforce";
import type { Actor } from "./ports";

const { accountMemberships: memberships, users, sessions, inboxConversations, voicemails } = schema;

type InvitableRole = (typeof invitableRoles)[number];

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

async function selectMembers(db: Database, accountId: string, userId?: string) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      userId
        ? and(eq(memberships.accountId, accountId), eq(memberships.userId, userId))
        : eq(memberships.accountId, accountId),
    )
    .orderBy(asc(memberships.createdAt), asc(users.email));
}

/** The account's members, owner first as they joined, and the seats its plan includes. */
export async function listMembers(db: Database, actor: Actor, now: Date): Promise<MemberList> {
  const [rows, { limits }] = await Promise.all([
    selectMembers(db, actor.accountId),
    currentPlan(db, actor.accountId, now),
  ]);
  return {
    items: rows.map((row) => ({ ...row, isYou: row.id === actor.userId })),
    seats: { plan: limits.plan, used: rows.length, limit: limits.maxUsers },
  };
}

/** A member of the account, or 404 (another account's member included). */
async function memberOf(db: Database, actor: Actor, userId: string) {
  const [row] = await selectMembers(db, actor.accountId, userId);
  if (!row) throw new AppError("NOT_FOUND", teamMessages.memberNotFound);
  return row;
}

/** The owner stays the owner, and nobody changes their own place in the team. */
function assertChangeable(actor: Actor, member: { id: string; role: string }) {
  if (member.role === "owner") throw new AppError("CONFLICT", teamMessages.ownerStays);
  if (member.id === actor.userId) throw new AppError("CONFLICT", teamMessages.notYourself);
}

/** Gives a member another role; one more admin is counted against the plan, under the lock. */
export async function changeMemberRole(
  db: Database,
  actor: Actor,
  userId: string,
  role: InvitableRole,
  now: Date,
): Promise<Member> {
  return db.transaction(async (tx) => {
    await lockMemberships(tx, actor.accountId);
    const member = await memberOf(tx, actor, userId);
    assertChangeable(actor, member);
    if (role === "admin" && member.role !== "admin") {
      const [{ limits }, held] = await Promise.all([
        currentPlan(tx, actor.accountId, now),
        memberCounts(tx, actor.accountId),
      ]);
      // The member holds a seat already: only the admins' limit can refuse.
      const refusal = memberLimitRefusal(limits, { members: held.members - 1, admins: held.admins }, role);
      if (refusal) throw new AppError("FORBIDDEN", refusal);
    }
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
    return { ...member, role, isYou: false };
  });
}

/**
 * Removes a member: the membership goes, and with it every session of theirs working in this
 * account (a session that names no account works in their first one: ended too when that was
 * this one). Numbers belong to the account and stay.
 */
export async function removeMember(db: Database, actor: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMemberships(tx, actor.accountId);
    const member = await memberOf(tx, actor, userId);
    assertChangeable(actor, member);
    const [first] = await tx
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    const defaultWasThis = first?.accountId === actor.accountId;
    await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          defaultWasThis
            ? or(eq(sessions.accountId, actor.accountId), isNull(sessions.accountId))
            : eq(sessions.accountId, actor.accountId),
        ),
      );
    await unassignAll(tx, actor.accountId, userId);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
  });
}

/** A removed member's conversations and voicemails go back to the team, unassigned. */
async function unassignAll(tx: Database, accountId: string, userId: string) {
  await tx
    .update(inboxConversations)
    .set({ assigneeId: null })
    .where(and(eq(inboxConversations.accountId, accountId), eq(inboxConversations.assigneeId, userId)));
  await tx
    .update(voicemails)
    .set({ assigneeId: null })
    .where(and(eq(voicemails.accountId, accountId), eq(voicemails.assigneeId, userId)));
}

/**
 * The owner hands the account to another member, confirming with their password. The former
 * owner stays on as an admin, or as a member where the plan includes no second admin.
 */
export async function transferOwnership(
  db: Database,
  actor: Actor,
  body: { userId: string; password: string },
  now: Date,
): Promise<void> {
  const [me] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!(await verifyPassword(me?.passwordHash, body.password)))
    throw new AppError("BAD_REQUEST", teamMessages.passwordIncorrect, {
      "body.password": [teamMessages.passwordIncorrect],
    });
  if (body.userId === actor.userId)
    throw new AppError("BAD_REQUEST", teamMessages.transferTarget, {
      "body.userId": [teamMessages.transferTarget],
    });
  await db.transaction(async (tx) => {
    await lockMemberships(tx, actor.accountId);
    const target = await memberOf(tx, actor, body.userId);
    const [{ limits }, held] = await Promise.all([
      currentPlan(tx, actor.accountId, now),
      memberCounts(tx, actor.accountId),
    ]);
    const adminsAfter = held.admins + (target.role === "admin" ? 0 : 1);
    const formerOwnerRole = limits.maxAdmins === null || adminsAfter <= limits.maxAdmins ? "admin" : "member";
    const set = (userId: string, role: "owner" | "admin" | "member") =>
      tx
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
    await set(actor.userId, formerOwnerRole);
    await set(target.id, "owner");
  });
}
