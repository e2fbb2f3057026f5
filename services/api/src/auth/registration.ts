import { schema } from "@poundline/db";
import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "../http/errors";
import { createUserWithAccount, isUniqueViolation } from "./accounts";
import { consumeEmailToken, issueEmailToken } from "./email-tokens";
import { confirmEmailMessage, sendAuthEmail } from "./emails";
import { hashPassword } from "./passwords";
import { type AuthPorts, publicUrl } from "./ports";
import { authMessages, type RegisterBody } from "./schemas";

const emailTaken = () =>
  new AppError("CONFLICT", authMessages.emailTaken, { email: [authMessages.emailTaken] });

/**
 * Registration: user, trial account with its E911 address, owner membership, notification
 * preferences and the confirmation token in one transaction; then the confirmation e-mail.
 */
export async function registerUser(ports: AuthPorts, body: RegisterBody): Promise<void> {
  const { db, clock, config } = ports;
  const [existing] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, body.email))
    .limit(1);
  if (existing) throw emailTaken();

  const passwordHash = await hashPassword(body.password);
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
    // Two registrations of one address at once: the unique index decides, the loser gets 409.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }

  const link = publicUrl(config, "/api/auth/confirm-email", { token });
  await sendAuthEmail(ports, confirmEmailMessage(body.email, body.firstName, link));
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
