import { authMessages, type ChangePasswordBody } from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { retireEmailTokens } from "./email-tokens";
import { hashPassword, verifyPassword } from "./passwords";
import type { RequestMeta, SignInPorts } from "./ports";
import { invalidateUserSessions } from "./sessions";

export interface PasswordOwner {
  userId: string;
  email: string;
  /** The session making the change: kept when the others are signed out. */
  sessionId: string;
}

/**
 * Changes the signed-in user's password (settings, seed 001). The current password is required
 * when there is one; guesses at it are throttled like sign-in attempts. Optionally ends every
 * other session. Outstanding reset links stop working.
 */
export async function changePassword(
  ports: SignInPorts,
  owner: PasswordOwner,
  body: ChangePasswordBody,
  meta: RequestMeta,
): Promise<void> {
  const { db, clock, loginThrottle } = ports;
  const [user] = await db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, owner.userId))
    .limit(1);
  if (!user) throw new AppError("UNAUTHORIZED", "Auth session missing!");
  if (user.passwordHash) {
    await loginThrottle.beforeAttempt(meta.ip, owner.email);
    const ok =
      body.currentPassword !== undefined && (await verifyPassword(user.passwordHash, body.currentPassword));
    if (!ok)
      throw new AppError("BAD_REQUEST", authMessages.currentPasswordIncorrect, {
        currentPassword: [authMessages.currentPasswordIncorrect],
      });
    await loginThrottle.recordSuccess(meta.ip, owner.email);
  }

  const passwordHash = await hashPassword(body.newPassword);
  const now = clock();
  await db.transaction(async (tx) => {
    await tx
      .update(schema.users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(schema.users.id, owner.userId));
    if (body.signOutOtherSessions) await invalidateUserSessions(tx, owner.userId, owner.sessionId);
    await retireEmailTokens(tx, owner.userId, "reset_password", now);
  });
}
