import { AppError } from "@poundline/contracts/errors";
import { type InvitationRegisterBody, teamMessages } from "@poundline/contracts/team/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "../auth/accounts";
import { hashPassword } from "../auth/passwords";
import { joinUnderLock, usableInvitation } from "./invitations";

/**
 * An existing user accepts: the link must be one that still works and was sent to their
 * address. They join the account and this session moves to it.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: { id: string; email: string; sessionId: string },
  now: Date,
): Promise<{ accountId: string; companyName: string }> {
  const invitation = await usableInvitation(db, token, now);
  if (invitation.email !== user.email)
    throw new AppError("FORBIDDEN", teamMessages.wrongUser(invitation.email));
  await db.transaction(async (tx) => {
    await joinUnderLock(tx, invitation, user.id, now);
    await tx
      .update(schema.sessions)
      .set({ accountId: invitation.accountId })
      .where(eq(schema.sessions.id, user.sessionId));
  });
  return { accountId: invitation.accountId, companyName: invitation.companyName };
}

/**
 * Someone new registers on the invited address and joins in one step: the link proves the
 * address, so it is confirmed. An address that has a user already signs in to accept instead.
 */
export async function registerFromInvitation(
  db: Database,
  token: string,
  body: InvitationRegisterBody,
  now: Date,
): Promise<{ userId: string; accountId: string }> {
  const invitation = await usableInvitation(db, token, now);
  const taken = () => new AppError("CONFLICT", teamMessages.emailTaken);
  const [existing] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, invitation.email));
  if (existing) throw taken();
  const passwordHash = await hashPassword(body.password);
  const userId = newId("user");
  try {
    await db.transaction(async (tx) => {
      await tx.insert(schema.users).values({
        id: userId,
        email: invitation.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        emailConfirmedAt: now,
      });
      await tx.insert(schema.notificationPreferences).values({ userId });
      await joinUnderLock(tx, invitation, userId, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return { userId, accountId: invitation.accountId };
}
