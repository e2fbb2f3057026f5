import { schema } from "@poundline/db";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { AppError } from "../http/errors";
import { settingsMessages } from "../settings/schemas";
import { isUniqueViolation } from "./accounts";
import { consumeEmailTokenRow, issueEmailToken, retireEmailTokens } from "./email-tokens";
import { changeEmailMessage, sendAuthEmail } from "./emails";
import { type AuthPorts, publicUrl } from "./ports";

/**
 * Changing the sign-in address (settings, profile): the new address gets a link, and the
 * account's address changes only when it is followed, so nobody can move an account to a mailbox
 * they do not hold. A newer request replaces an older one.
 */
export async function requestEmailChange(
  ports: AuthPorts,
  user: { id: string; email: string; firstName: string },
  newEmail: string,
): Promise<void> {
  const { db, clock, config } = ports;
  if (newEmail === user.email)
    throw new AppError("BAD_REQUEST", settingsMessages.sameEmail, { email: [settingsMessages.sameEmail] });
  const [taken] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, newEmail))
    .limit(1);
  if (taken) throw emailTaken();
  const now = clock();
  const token = await db.transaction(async (tx) => {
    await retireEmailTokens(tx, user.id, "change_email", now);
    return issueEmailToken(tx, user.id, "change_email", now, newEmail);
  });
  const link = publicUrl(config, "/api/auth/confirm-email-change", { token });
  await sendAuthEmail(ports, changeEmailMessage(newEmail, user.firstName, link));
}

const emailTaken = () =>
  new AppError("CONFLICT", settingsMessages.emailTaken, { email: [settingsMessages.emailTaken] });

/** Follows the link: the user's address becomes the new one. False when the link is no good. */
export async function confirmEmailChange(
  ports: Pick<AuthPorts, "db" | "clock">,
  token: string,
): Promise<boolean> {
  const now = ports.clock();
  try {
    return await ports.db.transaction(async (tx) => {
      const row = await consumeEmailTokenRow(tx, token, "change_email", now);
      if (!row?.newEmail) return false;
      await tx
        .update(schema.users)
        .set({ email: row.newEmail, emailConfirmedAt: now, updatedAt: now })
        .where(eq(schema.users.id, row.userId));
      // A reset link mailed to the old address must not work any more.
      await retireEmailTokens(tx, row.userId, "reset_password", now);
      return true;
    });
  } catch (err) {
    // Someone registered the address meanwhile: the link is spent, nothing changed.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
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
