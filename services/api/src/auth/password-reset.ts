import { schema } from "@poundline/db";
import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "../http/errors";
import {
  consumeEmailToken,
  countLiveEmailTokens,
  isLiveEmailToken,
  issueEmailToken,
  retireEmailTokens,
} from "./email-tokens";
import { resetPasswordMessage, sendAuthEmail } from "./emails";
import { hashPassword } from "./passwords";
import { type AuthPorts, publicUrl } from "./ports";
import { authMessages, type ResetPasswordBody } from "./schemas";
import { invalidateUserSessions } from "./sessions";

/** At most this many reset e-mails per user per token lifetime (1 hour): no mail-bombing an address. */
export const MAX_RESET_EMAILS_PER_HOUR = 5;

/**
 * Mails a reset link when the address belongs to a user; says nothing either way (the handler
 * answers the same message whether or not it exists).
 */
export async function requestPasswordReset(ports: AuthPorts, email: string): Promise<void> {
  const { db, clock, config, log } = ports;
  const [user] = await db
    .select({ id: schema.users.id, firstName: schema.users.firstName })
    .from(schema.users)
    .where(eq(schema.users.email, email))
    .limit(1);
  if (!user) return;
  const now = clock();
  if ((await countLiveEmailTokens(db, user.id, "reset_password", now)) >= MAX_RESET_EMAILS_PER_HOUR) {
    log.warn({ userId: user.id }, "password reset e-mail limit reached");
    return;
  }
  const token = await issueEmailToken(db, user.id, "reset_password", now);
  const link = publicUrl(config, "/reset-password", { token });
  await sendAuthEmail(ports, resetPasswordMessage(email, user.firstName, link));
}

const invalidLink = () =>
  new AppError("BAD_REQUEST", authMessages.resetLinkInvalid, { token: [authMessages.resetLinkInvalid] });

/**
 * Sets a new password with a reset token: the token is used up, the address counts as
 * confirmed (the user proved they read its mail), and every session of the user ends, all in
 * one transaction. Returns the user's id.
 */
export async function resetPassword(ports: AuthPorts, body: ResetPasswordBody): Promise<string> {
  const { db, clock } = ports;
  // Refuse a dead link before paying for the hash; the transaction below checks again.
  if (!(await isLiveEmailToken(db, body.token, "reset_password", clock()))) throw invalidLink();
  const passwordHash = await hashPassword(body.password);
  const now = clock();
  return db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, body.token, "reset_password", now);
    if (!userId) throw invalidLink();
    await tx.update(schema.users).set({ passwordHash, updatedAt: now }).where(eq(schema.users.id, userId));
    await tx
      .update(schema.users)
      .set({ emailConfirmedAt: now })
      .where(and(eq(schema.users.id, userId), isNull(schema.users.emailConfirmedAt)));
    await invalidateUserSessions(tx, userId);
    await retireEmailTokens(tx, userId, "reset_password", now);
    return userId;
  });
}
