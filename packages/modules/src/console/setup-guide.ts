import type { CallTranscript } from "@poundline/carrier-sim";
import {
  type RefusalReason,
  type SetupGuide,
  type SetupStepKey,
  setupStepKeys,
  type TestCallResult,
} from "@poundline/contracts/console/setup-guide-schemas";
import type { Database } from "@poundline/db";
import { queryRows, schema } from "@poundline/db";
import { CALL_MESSAGES } from "@poundline/domain";
import { and, asc, eq, sql } from "drizzle-orm";

const { accountMemberships, phoneNumbers } = schema;

/**
 * Each step of the setup guide, ticked from the account's own rows: a number; an E911 address on
 * every number; a saved routing (business hours); an IVR menu or a voicemail greeting; an
 * extension or a colleague; an answered call (not a leg of another; a voicemail left counts); a
 * website widget.
 */
export async function setupSteps(db: Database, accountId: string): Promise<Record<SetupStepKey, boolean>> {
  const [row] = await queryRows<Record<SetupStepKey, boolean>>(
    db,
    sql`
      select
        exists (select 1 from phone_numbers where account_id = ${accountId}) as number,
        exists (select 1 from phone_numbers where account_id = ${accountId})
          and not exists (
            select 1 from phone_numbers p
            left join emergency_addresses e on e.phone_number_id = p.id and e.account_id = p.account_id
            where p.account_id = ${accountId} and e.phone_number_id is null
          ) as e911,
        exists (select 1 from number_routing where account_id = ${accountId}) as hours,
        exists (select 1 from ivr_menus where account_id = ${accountId})
          or exists (
            select 1 from greetings where account_id = ${accountId} and phone_number_id is not null
          ) as greeting,
        exists (select 1 from extensions where account_id = ${accountId})
          or (select count(*) from account_memberships where account_id = ${accountId}) > 1 as people,
        exists (
          select 1 from call_logs
          where account_id = ${accountId} and parent_call_sid is null
            and answered_at is not null and call_status in ('completed', 'voicemail_missed')
        ) as test_call,
        exists (select 1 from widget_configurations where account_id = ${accountId}) as widget
    `,
  );
  return Object.fromEntries(setupStepKeys.map((key) => [key, Boolean(row?.[key])])) as Record<
    SetupStepKey,
    boolean
  >;
}

/** The guide as the dashboard shows it to this person in this account. */
export async function setupGuide(
  db: Database,
  who: { accountId: string; userId: string },
  simulated: boolean,
): Promise<SetupGuide> {
  const [done, [membership], number] = await Promise.all([
    setupSteps(db, who.accountId),
    db
      .select({ dismissedAt: accountMemberships.setupGuideDismissedAt })
      .from(accountMemberships)
      .where(and(eq(accountMemberships.accountId, who.accountId), eq(accountMemberships.userId, who.userId))),
    testCallNumber(db, who.accountId),
  ]);
  const steps = setupStepKeys.map((key) => ({ key, done: done[key] }));
  return {
    steps,
    allDone: steps.every((s) => s.done),
    dismissed: Boolean(membership?.dismissedAt),
    testCall: { via: simulated ? "simulator" : "phone", number: number?.e164 ?? null },
  };
}

/** Puts the guide away for this person in this account, or brings it back. */
export async function dismissSetupGuide(
  db: Database,
  who: { accountId: string; userId: string },
  dismissed: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(accountMemberships)
    .set({ setupGuideDismissedAt: dismissed ? now : null })
    .where(and(eq(accountMemberships.accountId, who.accountId), eq(accountMemberships.userId, who.userId)));
}

/** The number a test call rings: the account's first number that takes calls. */
export async function testCallNumber(db: Database, accountId: string) {
  const [number] = await db
    .select({ id: phoneNumbers.id, e164: phoneNumbers.e164 })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.voiceEnabled, true)))
    .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.e164))
    .limit(1);
  return number ?? null;
}

/** The carrier's test number: the simulated caller of a test call (never a real line). */
export const TEST_CALLER = "+15005550006";

/** What the simulated caller says into a voicemail, when the carrier is asked to transcribe it. */
export const TEST_CALL_WORDS = "Hello, this is a test call from the Poundline setup guide.";

const refusals: { reason: RefusalReason; spoken: string; message: string }[] = [
  {
    reason: "trial_ended",
    spoken: CALL_MESSAGES.trialEnded,
    message: "Your free trial has ended: choose a plan on the Billing page to take calls again.",
  },
  {
    reason: "wallet_empty",
    spoken: CALL_MESSAGES.walletEmpty,
    message: "Your prepaid wallet is empty: add funds on the Billing page to take calls again.",
  },
  {
    reason: "spend_cap",
    spoken: CALL_MESSAGES.spendCap,
    message: "This month's spending limit is reached: raise it on the Billing page to take calls again.",
  },
  {
    reason: "suspended",
    spoken: CALL_MESSAGES.suspended,
    message: "This account is suspended: contact support.",
  },
  {
    reason: "not_in_service",
    spoken: CALL_MESSAGES.notInService,
    message: "The number is not in service yet.",
  },
];

/**
 * The wallet's refusal words serve two gates: an empty wallet, and a trial whose included
 * minutes are used. The account's gate, as the routing tables hold it, tells which.
 */
export function walletRefusal(
  result: Pick<TestCallResult, "outcome" | "message" | "reason" | "voicemailSeconds">,
  gate: string,
): Pick<TestCallResult, "outcome" | "message" | "reason" | "voicemailSeconds"> {
  if (result.reason !== "wallet_empty" || gate !== "trial_allowance_used") return result;
  return {
    ...result,
    reason: "trial_allowance_used",
    message:
      "Refused: your trial's included minutes are used: add funds or choose a plan on the Billing page to take calls again.",
  };
}

type Heard = Pick<
  CallTranscript,
  "spoken" | "answeredAt" | "recordings" | "dials" | "gathers" | "errors" | "ended"
>;

/** What came of a test call, from what the simulated caller heard and did. */
export function testCallOutcome(
  transcript: Heard,
): Pick<TestCallResult, "outcome" | "message" | "reason" | "voicemailSeconds"> {
  const refused = refusals.find((r) => transcript.spoken.includes(r.spoken));
  if (refused)
    return {
      outcome: "refused",
      reason: refused.reason,
      message: `Refused: ${refused.message}`,
      voicemailSeconds: null,
    };
  const voicemail = transcript.recordings.find((r) => r.source === "RecordVerb");
  if (voicemail)
    return {
      outcome: "voicemail",
      reason: null,
      message: `Answered by voicemail: the caller left a ${voicemail.durationSeconds}-second message.`,
      voicemailSeconds: voicemail.durationSeconds,
    };
  if (transcript.answeredAt !== null && transcript.errors.length === 0) {
    const bridged = transcript.dials.flatMap((d) => d.legs).find((leg) => leg.bridged);
    const message = bridged
      ? `Answered: ${bridged.target} picked up.`
      : transcript.gathers.length > 0
        ? "Answered: the caller heard your menu."
        : "Answered: the caller heard your greeting.";
    return { outcome: "answered", reason: null, message, voicemailSeconds: null };
  }
  const detail = transcript.errors[0]?.message ?? transcript.ended.detail ?? transcript.ended.reason;
  return {
    outcome: "failed",
    reason: null,
    message: `The call did not go through: ${detail}.`,
    voicemailSeconds: null,
  };
}
