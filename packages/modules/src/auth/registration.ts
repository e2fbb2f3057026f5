import type { RegisterBody } from "@poundline/contracts/auth/schemas";
import { schema } from "@poundline/db";
import { and, eq, isNull } from "drizzle-orm";
import { createUserWithAccount, isUniqueViolation } from "./accounts";
import { consumeEmailToken, countLiveEmailTokens, issueEmailToken } from "./email-tokens";
import { alreadyRegisteredMessage, confirmEmailMessage, sendAuthEmail } from "./emails";
import { hashPassword } from "./passwords";
import { type AuthPorts, publicUrl } from "./ports";

/**
 * Registration: user, trial account with its E911 address, owner membership, notification
 * preferences and the confirmation token in one transaction; then the confirmation e-mail.
 * An address that has an account already gets the same answer (the caller cannot tell), and its
 * owner an e-mail saying so instead: nothing else is written.
 */
export async function registerUser(ports: AuthPorts, body: RegisterBody): Promise<void> {
  const { db, clock, config } = ports;
  // Hashed whatever the address: the time taken does not tell whether it is free either.
  const passwordHash = await hashPassword(body.password);
  if (await mailOwnerIfRegistered(ports, body.email)) return;

  const now = clock();
  let token: string;
  try {
    token = await db.transaction(async (tx) => {
      const { userId } = await createUserWithAccount(
        tx,
        { email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName },
        {
          companyName: body.company,
          addressLine1: body.addressLine1,
          addressLine2: body.addressLine2,
          city: body.city,
          stateProvince: body.state,
          postalCode: body.zipCode,
          country: body.country,
        },
        now,
      );
      return issueEmailToken(tx, userId, "confirm_email", now);
    });
  } catch (err) {
    // Two registrations of one address at once: the unique index decides, the other is told by mail.
    if (isUniqueViolation(err) && (await mailOwnerIfRegistered(ports, body.email))) return;
    throw err;
  }

  const link = publicUrl(config, "/api/auth/confirm-email", { token });
  await sendAuthEmail(ports, confirmEmailMessage(body.email, body.firstName, link));
}

/** True when the address has an account: its owner is mailed that someone tried to register it. */
async function mailOwnerIfRegistered(ports: AuthPorts, email: string): Promise<boolean> {
  const [owner] = await ports.db
    .select({ firstName: schema.users.firstName })
    .from(schema.users)
    .where(eq(schema.users.email, email))
    .limit(1);
  if (!owner) return false;
  await sendAuthEmail(
    ports,
    alreadyRegisteredMessage(email, owner.firstName, publicUrl(ports.config, "/login")),
  );
  return true;
}

/**
 * Confirmation e-mails a user can have within a link's lifetime (24 hours), the one sent at
 * registration included: "Resend" cannot mail-bomb an address.
 */
export const MAX_CONFIRM_EMAILS_PER_DAY = 5;

/**
 * "Resend the confirmation e-mail" (the sign-in page's "Email Not Confirmed"): a new link for an
 * address whose account is not confirmed yet, within MAX_CONFIRM_EMAILS_PER_DAY. The caller is
 * answered the same whatever the address (unknown, confirmed already, over its limit).
 */
export async function resendConfirmation(ports: AuthPorts, email: string): Promise<void> {
  const now = ports.clock();
  const issued = await ports.db.transaction(async (tx) => {
    // Counted and issued under the user's row lock: concurrent requests cannot all pass the count.
    const [user] = await tx
      .select({
        id: schema.users.id,
        firstName: schema.users.firstName,
        confirmedAt: schema.users.emailConfirmedAt,
      })
      .from(schema.users)
      .where(eq(schema.users.email, email))
      .for("update");
    if (!user || user.confirmedAt) return null;
    if ((await countLiveEmailTokens(tx, user.id, "confirm_email", now)) >= MAX_CONFIRM_EMAILS_PER_DAY)
      return null;
    return { firstName: user.firstName, token: await issueEmailToken(tx, user.id, "confirm_email", now) };
  });
  if (!issued) return;
  const link = publicUrl(ports.config, "/api/auth/confirm-email", { token: issued.token });
  await sendAuthEmail(ports, confirmEmailMessage(email, issued.firstName, link));
}

/** Uses a confirmation token; true when the address is now confirmed. */
export async function confirmEmail(ports: Pick<AuthPorts, "db" | "clock">, token: string): Promise<boolean> {
  const now = ports.clock();
  return ports.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, "confirm_email", now);
    if (!userId) return false;
    await tx
      .update(schema.users)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(and(eq(schema.users.id, userId), isNull(schema.users.emailConfirmedAt)));
    return true;
  });
}
