import {
  type AddVerifiedNumberBody,
  VERIFIED_NUMBER_LIMITS,
  type VerificationChannel,
  type VerifiedNumber,
} from "@poundline/contracts/verified-numbers/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { type CarrierClient, CarrierError } from "@poundline/platform/carrier/client";
import { and, asc, count, eq } from "drizzle-orm";
import twilio from "twilio";
import { checkCode, drawCode, hashCode, VERIFICATION_CODE } from "./codes";
import type { VerificationSendLimiter } from "./send-limits";

/**
 * Verified numbers: the account names a number, we send it a six-digit code by text or by a call
 * that speaks it, and the code typed back in the console proves the account answers that number.
 * An unpaid trial dials and texts only these and its own numbers (billing/unpaid-trial.ts).
 */

const { phoneNumbers, verifiedNumbers } = schema;

export interface VerificationPorts {
  db: Database;
  carrier: Pick<CarrierClient, "sendMessage" | "createCall">;
  limiter: VerificationSendLimiter;
  clock: () => Date;
  /** The platform's own number the codes come from; null when none is configured. */
  sender: string | null;
  /** Our public base URL, for the carrier's status callbacks (which find no account and store nothing). */
  webhookBaseUrl: string;
  /** Why the destination policy refuses this number for a code (premium, not an allowed country…), or null. */
  destinationRefusal: (accountId: string, e164: string) => Promise<string | null>;
}

type Row = typeof verifiedNumbers.$inferSelect;

function toView(row: Row): VerifiedNumber {
  return {
    id: row.id,
    e164: row.e164,
    status: row.verifiedAt ? "verified" : "pending",
    verifiedAt: row.verifiedAt,
    channel: row.channel,
    codeSentAt: row.codeSentAt,
    codeExpiresAt: row.codeExpiresAt,
    createdAt: row.createdAt,
  };
}

export async function listVerifiedNumbers(db: Database, accountId: string): Promise<VerifiedNumber[]> {
  const rows = await db
    .select()
    .from(verifiedNumbers)
    .where(eq(verifiedNumbers.accountId, accountId))
    .orderBy(asc(verifiedNumbers.createdAt), asc(verifiedNumbers.e164));
  return rows.map(toView);
}

async function findRow(db: Pick<Database, "select">, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(verifiedNumbers)
    .where(and(eq(verifiedNumbers.id, id), eq(verifiedNumbers.accountId, accountId)));
  return row;
}

export type SendFailure =
  | {
      ok: false;
      reason: "not-found" | "already-verified" | "own-number" | "not-configured" | "full" | "conflict";
    }
  | { ok: false; reason: "refused" | "carrier"; message: string }
  | { ok: false; reason: "too-many"; retryAfterMs: number };

export type SendResult = { ok: true; number: VerifiedNumber; created: boolean } | SendFailure;

/** The words of the verification call: the code digit by digit, twice. */
export function verificationCallTwiml(code: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const spoken = code.split("").join(", ");
  const text = `Your Poundline verification code is ${spoken}. Again, your code is ${spoken}.`;
  response.say(text);
  return response.toString();
}

/** Hands the code to the carrier: a text, or a call that says it. */
async function deliverCode(
  ports: VerificationPorts,
  sender: string,
  to: string,
  channel: VerificationChannel,
  code: string,
) {
  if (channel === "sms") {
    await ports.carrier.sendMessage({
      from: sender,
      to,
      body: `Your Poundline verification code is ${code}. It expires in ${VERIFICATION_CODE.lifetimeMs / 60_000} minutes.`,
      statusCallback: `${ports.webhookBaseUrl}/twilio/sms/status`,
    });
  } else {
    await ports.carrier.createCall({
      from: sender,
      to,
      twiml: verificationCallTwiml(code),
      statusCallback: `${ports.webhookBaseUrl}/twilio/voice/status`,
    });
  }
}

/**
 * Whether a code may go to this number now: a sender is configured, the destination policy
 * allows the number, and the sending limits have room (the reservation counts, sent or not).
 */
async function mayReceiveCode(
  ports: VerificationPorts,
  accountId: string,
  e164: string,
): Promise<SendFailure | null> {
  if (!ports.sender) return { ok: false, reason: "not-configured" };
  const refusal = await ports.destinationRefusal(accountId, e164);
  if (refusal) return { ok: false, reason: "refused", message: refusal };
  const allowed = await ports.limiter.reserve(accountId, e164);
  if (!allowed.ok) return { ok: false, reason: "too-many", retryAfterMs: allowed.retryAfterMs };
  return null;
}

/**
 * Sends a new code to a row of the account (checked by `mayReceiveCode`): it replaces any pending
 * one, its guesses counted from zero, and is stored (hashed) before it is sent, so a code that
 * reaches the phone can always be checked.
 */
async function sendCode(
  ports: VerificationPorts,
  accountId: string,
  target: { id: string; e164: string; created: boolean },
  channel: VerificationChannel,
): Promise<SendResult> {
  const { db, sender } = ports;
  if (!sender) return { ok: false, reason: "not-configured" };
  const code = drawCode();
  const now = ports.clock();
  const [stored] = await db
    .update(verifiedNumbers)
    .set({
      codeHash: hashCode(target.id, code),
      codeExpiresAt: new Date(now.getTime() + VERIFICATION_CODE.lifetimeMs),
      codeAttempts: 0,
      channel,
      codeSentAt: now,
      updatedAt: now,
    })
    .where(and(eq(verifiedNumbers.id, target.id), eq(verifiedNumbers.accountId, accountId)))
    .returning();
  if (!stored) return { ok: false, reason: "not-found" };
  try {
    await deliverCode(ports, sender, target.e164, channel, code);
  } catch (err) {
    if (!(err instanceof CarrierError) || err.status >= 500) throw err;
    return { ok: false, reason: "carrier", message: err.message };
  }
  return { ok: true, number: toView(stored), created: target.created };
}

async function isOwnNumber(db: Database, accountId: string, e164: string): Promise<boolean> {
  const [own] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.e164, e164)));
  return own !== undefined;
}

async function countHeld(db: Database, accountId: string): Promise<number> {
  const [held] = await db
    .select({ n: count() })
    .from(verifiedNumbers)
    .where(eq(verifiedNumbers.accountId, accountId));
  return held?.n ?? 0;
}

/** Adds a number to the account's verified numbers (pending) and sends it a code; an existing pending row gets a new code. */
export async function addVerifiedNumber(
  ports: VerificationPorts,
  accountId: string,
  body: AddVerifiedNumberBody,
): Promise<SendResult> {
  const { db } = ports;
  if (await isOwnNumber(db, accountId, body.e164)) return { ok: false, reason: "own-number" };
  const [existing] = await db
    .select()
    .from(verifiedNumbers)
    .where(and(eq(verifiedNumbers.accountId, accountId), eq(verifiedNumbers.e164, body.e164)));
  if (existing?.verifiedAt) return { ok: false, reason: "already-verified" };
  if (!existing && (await countHeld(db, accountId)) >= VERIFIED_NUMBER_LIMITS.perAccount)
    return { ok: false, reason: "full" };
  const refused = await mayReceiveCode(ports, accountId, body.e164);
  if (refused) return refused;
  if (existing) return sendCode(ports, accountId, { ...existing, created: false }, body.channel);

  const id = newId("verifiedNumber");
  const [inserted] = await db
    .insert(verifiedNumbers)
    .values({ id, accountId, e164: body.e164 })
    .onConflictDoNothing({ target: [verifiedNumbers.accountId, verifiedNumbers.e164] })
    .returning({ id: verifiedNumbers.id });
  // Added at the same moment by another request, which sends its own code.
  if (!inserted) return { ok: false, reason: "conflict" };
  return sendCode(ports, accountId, { id, e164: body.e164, created: true }, body.channel);
}

/** Sends a new code to a pending number of the account. */
export async function resendCode(
  ports: VerificationPorts,
  accountId: string,
  id: string,
  channel: VerificationChannel,
): Promise<SendResult> {
  const row = await findRow(ports.db, accountId, id);
  if (!row) return { ok: false, reason: "not-found" };
  if (row.verifiedAt) return { ok: false, reason: "already-verified" };
  const refused = await mayReceiveCode(ports, accountId, row.e164);
  if (refused) return refused;
  return sendCode(ports, accountId, { ...row, created: false }, channel);
}

export type ConfirmResult =
  | { ok: true; number: VerifiedNumber }
  | { ok: false; reason: "not-found" | "already-verified" | "no-code" | "expired" | "too-many-attempts" }
  | { ok: false; reason: "wrong"; attemptsLeft: number };

/**
 * Checks the typed code under a lock on the row, so concurrent guesses are counted one by one: a
 * right code verifies the number and clears the code (it cannot be used again); a wrong one
 * counts, and the last allowed wrong guess kills the code.
 */
export async function confirmCode(
  ports: Pick<VerificationPorts, "db" | "clock">,
  accountId: string,
  id: string,
  code: string,
): Promise<ConfirmResult> {
  const now = ports.clock();
  return ports.db.transaction(async (tx): Promise<ConfirmResult> => {
    const [row] = await tx
      .select()
      .from(verifiedNumbers)
      .where(and(eq(verifiedNumbers.id, id), eq(verifiedNumbers.accountId, accountId)))
      .for("update");
    if (!row) return { ok: false, reason: "not-found" };
    const outcome = checkCode(row.id, row, code, now);
    if (outcome === "verified") {
      const [verified] = await tx
        .update(verifiedNumbers)
        .set({ verifiedAt: now, codeHash: null, codeExpiresAt: null, codeAttempts: 0, updatedAt: now })
        .where(eq(verifiedNumbers.id, row.id))
        .returning();
      return { ok: true, number: toView(verified ?? row) };
    }
    if (outcome !== "wrong") return { ok: false, reason: outcome };
    const attempts = row.codeAttempts + 1;
    await tx
      .update(verifiedNumbers)
      .set({ codeAttempts: attempts, updatedAt: now })
      .where(eq(verifiedNumbers.id, row.id));
    const attemptsLeft = VERIFICATION_CODE.maxAttempts - attempts;
    return attemptsLeft > 0
      ? { ok: false, reason: "wrong", attemptsLeft }
      : { ok: false, reason: "too-many-attempts" };
  });
}

/** Forgets one of the account's numbers (an unpaid trial can no longer dial it). False when it has no such number. */
export async function removeVerifiedNumber(db: Database, accountId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(verifiedNumbers)
    .where(and(eq(verifiedNumbers.id, id), eq(verifiedNumbers.accountId, accountId)))
    .returning({ id: verifiedNumbers.id });
  return deleted.length > 0;
}
