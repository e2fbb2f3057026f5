import { authMessages } from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import { type EmailChangeBody, settingsMessages } from "@poundline/contracts/settings/schemas";
import { schema } from "@poundline/db";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { isUniqueViolation } from "./accounts";
import { consumeEmailTokenRow, issueEmailToken, retireEmailTokens } from "./email-tokens";
import { changeEmailMessage, emailChangedMessage, emailInUseMessage, sendAuthEmail } from "./emails";
import { verifyPassword } from "./passwords";
import { type AuthPorts, publicUrl, type RequestMeta, type SignInPorts } from "./ports";
import type { AuthContext } from "./sessions";
import { checkTwoFactorCode } from "./two-factor";

/**
 * Changing the sign-in address (settings, profile): the user proves it is them (password, and a
 * code with two-factor authentication on), the new address gets a link, and the account's address
 * changes only when it is followed, so nobody can move an account to a mailbox they do not hold.
 * Whether the new address has an account already is not told: the answer and the pending address
 * are the same, and that address's owner is mailed instead of a link. A newer request replaces an
 * older one.
 */
export async function requestEmailChange(
  ports: SignInPorts,
  auth: AuthContext,
  body: EmailChangeBody,
  meta: RequestMeta,
): Promise<void> {
  const { db, clock, config } = ports;
  const { user } = auth;
  if (body.email === user.email)
    throw new AppError("BAD_REQUEST", settingsMessages.sameEmail, { email: [settingsMessages.sameEmail] });
  await proveItIsTheUser(ports, auth, body, meta);
  const [owner] = await db
    .select({ firstName: schema.users.firstName })
    .from(schema.users)
    .where(eq(schema.users.email, body.email))
    .limit(1);
  const now = clock();
  const token = await db.transaction(async (tx) => {
    await retireEmailTokens(tx, user.id, "change_email", now);
    return issueEmailToken(tx, user.id, "change_email", now, body.email);
  });
  if (owner) {
    // The link is not sent: it could never be followed (the address is taken).
    await sendAuthEmail(ports, emailInUseMessage(body.email, owner.firstName, publicUrl(config, "/login")));
    return;
  }
  const link = publicUrl(config, "/api/auth/confirm-email-change", { token });
  await sendAuthEmail(ports, changeEmailMessage(body.email, user.firstName, link));
}

/** The current password (for a user who has one), and a current code when two-factor is on. */
async function proveItIsTheUser(
  ports: SignInPorts,
  auth: AuthContext,
  body: EmailChangeBody,
  meta: RequestMeta,
) {
  const [row] = await ports.db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, auth.user.id))
    .limit(1);
  if (row?.passwordHash) {
    if (!body.password)
      throw new AppError("BAD_REQUEST", settingsMessages.emailChangeNeedsPassword, {
        password: [settingsMessages.emailChangeNeedsPassword],
      });
    await ports.loginThrottle.beforeAttempt(meta.ip, auth.user.email);
    if (!(await verifyPassword(row.passwordHash, body.password)))
      throw new AppError("BAD_REQUEST", authMessages.currentPasswordIncorrect, {
        password: [authMessages.currentPasswordIncorrect],
      });
    await ports.loginThrottle.recordSuccess(meta.ip, auth.user.email);
  }
  if (!auth.twoFactorEnabled) return;
  if (!body.code || !/^\d{6}$/.test(body.code))
    throw new AppError("BAD_REQUEST", authMessages.twoFactorCodeFormat, {
      code: [authMessages.twoFactorCodeFormat],
    });
  await checkTwoFactorCode(ports, auth.user.id, body.code, meta, "code");
}

/**
 * Follows the link: the user's address becomes the new one, every other session of the user ends
 * (all but `keepSessionId`, the browser following the link when it is that user's), and the old
 * address is told. False when the link is no good.
 */
export async function confirmEmailChange(
  ports: Pick<AuthPorts, "db" | "clock" | "config" | "mailer" | "log">,
  token: string,
  keepSessionId?: string,
): Promise<boolean> {
  const now = ports.clock();
  let changed: { oldEmail: string; newEmail: string; firstName: string } | null;
  try {
    changed = await ports.db.transaction(async (tx) => {
      const row = await consumeEmailTokenRow(tx, token, "change_email", now);
      if (!row?.newEmail) return null;
      const [before] = await tx
        .select({ email: schema.users.email, firstName: schema.users.firstName })
        .from(schema.users)
        .where(eq(schema.users.id, row.userId))
        .for("update");
      if (!before) return null;
      await tx
        .update(schema.users)
        .set({ email: row.newEmail, emailConfirmedAt: now, updatedAt: now })
        .where(eq(schema.users.id, row.userId));
      // A reset link mailed to the old address must not work any more.
      await retireEmailTokens(tx, row.userId, "reset_password", now);
      const sessions = schema.sessions;
      await tx
        .delete(sessions)
        .where(
          keepSessionId
            ? and(eq(sessions.userId, row.userId), ne(sessions.id, keepSessionId))
            : eq(sessions.userId, row.userId),
        );
      return { oldEmail: before.email, newEmail: row.newEmail, firstName: before.firstName };
    });
  } catch (err) {
    // Someone registered the address meanwhile: the link is spent, nothing changed.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
  if (!changed) return false;
  const resetLink = publicUrl(ports.config, "/forgot-password");
  await sendAuthEmail(
    ports,
    emailChangedMessage(changed.oldEmail, changed.firstName, changed.newEmail, resetLink),
  );
  return true;
}

/** The address waiting for confirmation, if any. */
export async function pendingEmailOf(db: AuthPorts["db"], userId: string, now: Date): Promise<string | null> {
  const t = schema.emailTokens;
  const [row] = await db
    .select({ newEmail: t.newEmail })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.purpose, "change_email"), isNull(t.usedAt), gt(t.expiresAt, now)))
    .orderBy(desc(t.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}
