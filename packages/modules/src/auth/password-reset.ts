import { authMessages, type ResetPasswordBody } from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import { type Database, newId, schema } from "@poundline/db";
import type { Config } from "@poundline/platform/api-config";
import type { Mailer } from "@poundline/platform/mailer";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";
import { and, eq, isNull } from "drizzle-orm";
import { type JobOutcome, type JobPayload, type JobPorts, type Processor, sendOnce } from "../jobs";
import {
  consumeEmailToken,
  countLiveEmailTokens,
  isLiveEmailToken,
  issueEmailToken,
  retireEmailTokens,
} from "./email-tokens";
import { resetPasswordMessage } from "./emails";
import { hashPassword } from "./passwords";
import { type AuthPorts, publicUrl } from "./ports";
import { hashToken, invalidateUserSessions } from "./sessions";

/** At most this many reset e-mails per user per token lifetime (1 hour): no mail-bombing an address. */
export const MAX_RESET_EMAILS_PER_HOUR = 5;

export type PasswordResetPayload = JobPayload<"notifications", "password-reset">;

/**
 * The request path of "forgot password": one job row, whatever the address, and no lookup, so
 * neither the answer nor its time tells whether the address has an account. The job
 * (`mailPasswordReset`) mails the link when it has.
 */
export async function requestPasswordReset(outbox: OutboxWriter, email: string): Promise<void> {
  await outbox.transaction((tx) =>
    enqueue(
      tx,
      { queue: "notifications", name: "password-reset", jobId: `password-reset:${newId("job")}` },
      { email },
    ),
  );
}

/** What the reset job needs beyond the job ports: a mailer and the public site's address. */
export interface PasswordResetMailDeps {
  mailer: Pick<Mailer, "send">;
  config: Pick<Config, "PUBLIC_BASE_URL">;
}

/**
 * The `notifications/password-reset` job: mails a reset link when the address belongs to a
 * user, at most once per request however often the job runs, and at most
 * MAX_RESET_EMAILS_PER_HOUR links per user. A failed delivery throws, so the queue retries.
 */
export async function mailPasswordReset(
  ports: JobPorts & PasswordResetMailDeps,
  { email }: PasswordResetPayload,
  jobId: string,
): Promise<JobOutcome> {
  const { db, log } = ports;
  const [user] = await db
    .select({ id: schema.users.id, firstName: schema.users.firstName })
    .from(schema.users)
    .where(eq(schema.users.email, email))
    .limit(1);
  if (!user) return "skipped";
  const outcome = await sendOnce(ports, `${jobId}:email`, async () => {
    const token = await issueResetToken(db, user.id, ports.clock());
    if (!token) {
      log.warn({ userId: user.id }, "password reset e-mail limit reached");
      return false;
    }
    try {
      await ports.mailer.send(
        resetPasswordMessage(email, user.firstName, publicUrl(ports.config, "/reset-password", { token })),
      );
    } catch (err) {
      // A link that never left does not count against the limit; the retry sends another.
      await db.delete(schema.emailTokens).where(eq(schema.emailTokens.tokenHash, hashToken(token)));
      throw err;
    }
    return true;
  });
  return outcome === "sent" ? "done" : "skipped";
}

/**
 * A new reset token, or null when the user has had their links for the hour. Counted and issued
 * under a lock on the user's row: concurrent jobs for one user cannot all pass the count.
 */
async function issueResetToken(db: Database, userId: string, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
      .for("update");
    if ((await countLiveEmailTokens(tx, userId, "reset_password", now)) >= MAX_RESET_EMAILS_PER_HOUR)
      return null;
    return issueEmailToken(tx, userId, "reset_password", now);
  });
}

/** The processor of the `notifications/password-reset` job, for `allProcessors`. */
export function passwordResetProcessor(deps: PasswordResetMailDeps): Processor<PasswordResetPayload> {
  return (ports, payload, job) => mailPasswordReset({ ...ports, ...deps }, payload, job.jobId);
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
