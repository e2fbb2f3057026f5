import { roleLabels } from "@poundline/contracts/auth/permissions";
import { AppError } from "@poundline/contracts/errors";
import {
  type Invitation,
  type InvitationPreview,
  type InviteBody,
  teamMessages,
} from "@poundline/contracts/team/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { publicUrl } from "../auth/ports";
import { generateToken, hashToken } from "../auth/sessions";
import { lockMemberships, memberRefusal } from "../billing/enforce";
import { invitationMessage } from "./emails";
import type { Actor, TeamPorts } from "./ports";

const { accountInvitations: invitations, accountMemberships: memberships, accounts, users } = schema;

/** How long an invitation's link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

const inviterName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  invitedBy: inviterName,
  sentAt: invitations.sentAt,
  expiresAt: invitations.expiresAt,
};

type InvitationRow = Omit<Invitation, "expired">;
const withExpiry = (row: InvitationRow, now: Date): Invitation => ({
  ...row,
  expired: row.expiresAt.getTime() <= now.getTime(),
});

/** The open invitations (not accepted, not withdrawn; expired ones shown as such), oldest first. */
export async function listInvitations(
  db: Database,
  actor: Actor,
  now: Date,
): Promise<{ items: Invitation[] }> {
  const rows = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.accountId, actor.accountId), isOpen))
    .orderBy(asc(invitations.sentAt));
  return { items: rows.map((row) => withExpiry(row, now)) };
}

async function openInvitation(db: Database, actor: Actor, id: string, now: Date): Promise<Invitation> {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.id, id), eq(invitations.accountId, actor.accountId), isOpen));
  if (!row) throw new AppError("NOT_FOUND", teamMessages.invitationNotFound);
  return withExpiry(row, now);
}

/** Mails the link of an invitation just written (a failed delivery is logged: the row stays, resend works). */
async function mailInvitation(ports: TeamPorts, actor: Actor, invitation: Invitation, token: string) {
  const [account] = await ports.db
    .select({ companyName: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, actor.accountId));
  const message = invitationMessage({
    to: invitation.email,
    inviter: invitation.invitedBy,
    companyName: account?.companyName ?? "",
    roleLabel: roleLabels[invitation.role],
    link: publicUrl(ports.config, `/invitations/${token}`),
  });
  try {
    await ports.mailer.send(message);
  } catch (err) {
    ports.log.error({ err, template: message.template }, "invitation e-mail not delivered");
  }
}

/**
 * Invites an address with a role: refused when it is a member already, when an invitation to
 * it is waiting, or when the plan has no seat left (counted under the account's lock). An
 * expired invitation to the address is closed and replaced.
 */
export async function invite(ports: TeamPorts, actor: Actor, body: InviteBody): Promise<Invitation> {
  const now = ports.clock();
  const token = generateToken();
  const id = await ports.db.transaction(async (tx) => {
    await lockMemberships(tx, actor.accountId);
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.accountId, actor.accountId), eq(users.email, body.email)));
    if (member)
      throw new AppError("CONFLICT", teamMessages.alreadyMember, {
        "body.email": [teamMessages.alreadyMember],
      });
    const [waiting] = await tx
      .select({ id: invitations.id, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(and(eq(invitations.accountId, actor.accountId), eq(invitations.email, body.email), isOpen));
    if (waiting && waiting.expiresAt > now)
      throw new AppError("CONFLICT", teamMessages.alreadyInvited, {
        "body.email": [teamMessages.alreadyInvited],
      });
    if (waiting) await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, waiting.id));
    const refusal = await memberRefusal(tx, actor.accountId, body.role, now);
    if (refusal) throw new AppError("FORBIDDEN", refusal);
    const invitationId = newId("invitation");
    await tx.insert(invitations).values({
      id: invitationId,
      accountId: actor.accountId,
      email: body.email,
      role: body.role,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      sentAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
    });
    return invitationId;
  });
  const invitation = await openInvitation(ports.db, actor, id, now);
  await mailInvitation(ports, actor, invitation, token);
  return invitation;
}

/** Sends an open invitation again with a new link, valid 7 days from now; the old link stops working. */
export async function resendInvitation(ports: TeamPorts, actor: Actor, id: string): Promise<Invitation> {
  const now = ports.clock();
  const token = generateToken();
  const updated = await ports.db
    .update(invitations)
    .set({
      tokenHash: hashToken(token),
      sentAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
    })
    .where(and(eq(invitations.id, id), eq(invitations.accountId, actor.accountId), isOpen))
    .returning({ id: invitations.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", teamMessages.invitationNotFound);
  const invitation = await openInvitation(ports.db, actor, id, now);
  await mailInvitation(ports, actor, invitation, token);
  return invitation;
}

/** Withdraws an open invitation: its link stops working. */
export async function revokeInvitation(db: Database, actor: Actor, id: string, now: Date): Promise<void> {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), eq(invitations.accountId, actor.accountId), isOpen))
    .returning({ id: invitations.id });
  if (revoked.length === 0) throw new AppError("NOT_FOUND", teamMessages.invitationNotFound);
}

/** The invitation a link names, whatever its state; null for a token that names none. */
export async function findByToken(db: Database, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      id: invitations.id,
      accountId: invitations.accountId,
      companyName: accounts.companyName,
      email: invitations.email,
      role: invitations.role,
      invitedBy: inviterName,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashToken(token)));
  return row ?? null;
}

type FoundInvitation = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

function statusOf(invitation: FoundInvitation, now: Date): InvitationPreview["status"] {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

/** What the link's page shows: the account, the role, and whether the link still works. */
export async function previewInvitation(db: Database, token: string, now: Date): Promise<InvitationPreview> {
  const invitation = await findByToken(db, token);
  if (!invitation) throw new AppError("NOT_FOUND", teamMessages.linkInvalid);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  return {
    companyName: invitation.companyName,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    status: statusOf(invitation, now),
    existingUser: existing !== undefined,
  };
}

const closedMessages = {
  accepted: teamMessages.linkAccepted,
  revoked: teamMessages.linkRevoked,
  expired: teamMessages.linkExpired,
} as const;

/** The invitation of a link that still works, or the reason it does not (404, 409). */
export async function usableInvitation(db: Database, token: string, now: Date): Promise<FoundInvitation> {
  const invitation = await findByToken(db, token);
  if (!invitation) throw new AppError("NOT_FOUND", teamMessages.linkInvalid);
  const status = statusOf(invitation, now);
  if (status !== "open") throw new AppError("CONFLICT", closedMessages[status]);
  return invitation;
}

/**
 * Closes the invitation and makes the user a member, in the caller's transaction, under the
 * account's lock: the seat is counted again here, so concurrent acceptances cannot take more
 * seats than the plan sells. A refusal rolls back, and the invitation stays open.
 */
export async function joinUnderLock(tx: Database, invitation: FoundInvitation, userId: string, now: Date) {
  await lockMemberships(tx, invitation.accountId);
  const closed = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(invitations.id, invitation.id), isOpen, gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  if (closed.length === 0) throw new AppError("CONFLICT", teamMessages.invitationClosed);
  const [already] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.accountId, invitation.accountId), eq(memberships.userId, userId)));
  if (already) return;
  const refusal = await memberRefusal(tx, invitation.accountId, invitation.role, now);
  if (refusal) throw new AppError("FORBIDDEN", refusal);
  await tx
    .insert(memberships)
    .values({ accountId: invitation.accountId, userId, role: invitation.role, createdAt: now });
}
