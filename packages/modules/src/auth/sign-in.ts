import { permissionsOf } from "@poundline/contracts/auth/permissions";
import { authMessages, type LoginBody, type SessionResponse } from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { verifyPassword } from "./passwords";
import type { RequestMeta, SignInPorts } from "./ports";
import { type AuthContext, createSession, readSessionToken } from "./sessions";

/**
 * E-mail and password sign-in. An unknown address and a wrong password get the same answer in
 * the same time (the password is checked against a dummy hash); "Email not confirmed" is only
 * said to someone who knows the password. Attempts are throttled (see throttle.ts): per address,
 * per address and account, and the account as a whole only slowed down.
 */
export async function signIn(
  ports: SignInPorts,
  body: LoginBody,
  meta: RequestMeta,
): Promise<{ token: string; auth: AuthContext }> {
  const { db, clock, loginThrottle } = ports;
  await loginThrottle.beforeAttempt(meta.ip, body.email);
  const [user] = await db
    .select({
      id: schema.users.id,
      passwordHash: schema.users.passwordHash,
      emailConfirmedAt: schema.users.emailConfirmedAt,
      disabledAt: schema.users.disabledAt,
    })
    .from(schema.users)
    .where(eq(schema.users.email, body.email))
    .limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash, body.password);
  // The attempt was reserved as a failure: a wrong password leaves it counted.
  if (!user || !passwordOk) throw new AppError("BAD_REQUEST", authMessages.invalidCredentials);
  await loginThrottle.recordSuccess(meta.ip, body.email);
  if (!user.emailConfirmedAt) throw new AppError("BAD_REQUEST", authMessages.emailNotConfirmed);
  // Disabled by an admin (admin/users.ts): said only to someone who knows the password.
  if (user.disabledAt) throw new AppError("FORBIDDEN", authMessages.accountDisabled);

  const now = clock();
  const token = await db.transaction(async (tx) => {
    const created = await createSession(tx, user.id, now, { ipAddress: meta.ip, userAgent: meta.userAgent });
    await tx.update(schema.users).set({ lastSignInAt: now }).where(eq(schema.users.id, user.id));
    return created.token;
  });
  // With two-factor authentication the session waits for the code (POST /two-factor/verify).
  const auth = await readSessionToken(db, token, now);
  if (!auth) throw new Error("a session just created could not be read back");
  return { token, auth };
}

/** What /session and /login answer about the signed-in user (or the visitor). */
export function sessionBody(auth: AuthContext | null, pendingTwoFactor = false): SessionResponse {
  if (!auth)
    return {
      user: null,
      account: null,
      isAdmin: false,
      twoFactorEnabled: false,
      twoFactorPending: pendingTwoFactor,
    };
  return {
    user: auth.user,
    account: auth.account && { ...auth.account, permissions: permissionsOf(auth.account.role) },
    isAdmin: auth.isAdmin,
    twoFactorEnabled: auth.twoFactorEnabled,
    twoFactorPending: false,
  };
}
