import { can } from "@poundline/contracts/auth/permissions";
import { numberMessages } from "@poundline/contracts/numbers/schemas";
import type { Database } from "@poundline/db";
import { newId, schema } from "@poundline/db";
import { memberOfSoftphone } from "@poundline/domain/members";
import { toE164 } from "@poundline/domain/phone";
import { and, eq, sql } from "drizzle-orm";
import { prepaidCall } from "../billing/prepaid";
import { callerIdNumber } from "../console/click-to-call";
import { refuseDestination } from "../destinations/policy";
import { upsertCallLog } from "../webhooks/call-events";

const { accountMemberships, callLogs, memberSettings } = schema;

/** What a softphone's call out becomes: the dial, or what the caller is told instead. */
export type SoftphoneCallPlan =
  | {
      ok: true;
      callId: string;
      callerId: string;
      to: string;
      timeLimitSeconds: number;
      accountId: string;
      numberId: string;
    }
  | { ok: false; say: string };

export const SOFTPHONE_REFUSALS = {
  notMember: "This softphone is not signed in to an account. Goodbye.",
  notAllowed: "You are not allowed to place calls from this account. Goodbye.",
  badNumber: "The number you dialled is not valid. Goodbye.",
  noNumber: "This account has no phone number to call from. Goodbye.",
} as const;

export interface SoftphoneCallInput {
  /** The device's client identity (`client:` or bare). */
  identity: string;
  callSid: string;
  to: string;
  /** The account's number to show (its id); absent: the member's direct number, else the first. */
  callerId?: string | undefined;
}

/** The member behind a softphone, with their role and direct number; null if they are not one. */
async function softphoneMember(db: Database, identity: string) {
  const member = memberOfSoftphone(identity);
  if (!member) return null;
  const [row] = await db
    .select({ role: accountMemberships.role, directNumberId: memberSettings.directNumberId })
    .from(accountMemberships)
    .leftJoin(
      memberSettings,
      and(
        eq(memberSettings.accountId, accountMemberships.accountId),
        eq(memberSettings.userId, accountMemberships.userId),
      ),
    )
    .where(
      and(eq(accountMemberships.accountId, member.accountId), eq(accountMemberships.userId, member.userId)),
    )
    .limit(1);
  return row ? { ...member, ...row } : null;
}

/**
 * A call a member places from the browser: they must still belong to the account and may place
 * calls; the billing gate, the caller ID's E911 address, the destination policy and the wallet
 * decide as for Make a Call. The call is logged as the member's outbound call to the destination;
 * its softphone leg is priced as a softphone minute (the dialled number is the client), and the
 * leg to the destination reports and is charged by itself.
 */
export async function planSoftphoneCall(
  db: Database,
  input: SoftphoneCallInput,
  billingRefusal: (accountId: string) => string | null,
): Promise<SoftphoneCallPlan> {
  const plan = await decide(db, input, billingRefusal);
  if (!plan.ok) await recordRefusal(db, input);
  return plan;
}

/**
 * A refused call is answered (with why), and the carrier reports it completed: its log says
 * "refused" and it is not billed, as for calls the gate turns away (carrier/refused-calls.ts).
 */
async function recordRefusal(db: Database, input: SoftphoneCallInput): Promise<void> {
  const member = memberOfSoftphone(input.identity);
  if (!member) return;
  await db.execute(sql`
    insert into ${schema.refusedCalls} (call_sid, account_id, reason)
    select ${input.callSid}, ${member.accountId}, 'softphone'
    where exists (select 1 from ${schema.accounts} a where a.id = ${member.accountId})
    on conflict (call_sid) do nothing`);
}

async function decide(
  db: Database,
  input: SoftphoneCallInput,
  billingRefusal: (accountId: string) => string | null,
): Promise<SoftphoneCallPlan> {
  const member = await softphoneMember(db, input.identity);
  if (!member) return { ok: false, say: SOFTPHONE_REFUSALS.notMember };
  if (!can(member.role, "calls.place")) return { ok: false, say: SOFTPHONE_REFUSALS.notAllowed };
  const closed = billingRefusal(member.accountId);
  if (closed) return { ok: false, say: closed };
  const to = toE164(input.to);
  if (!to) return { ok: false, say: SOFTPHONE_REFUSALS.badNumber };
  const number = await callerIdNumber(
    db,
    member.accountId,
    input.callerId ?? member.directNumberId ?? undefined,
  );
  if (!number) return { ok: false, say: SOFTPHONE_REFUSALS.noNumber };
  if (!number.e911) return { ok: false, say: numberMessages.noE911 };
  const refused = await refuseDestination(db, member.accountId, to);
  if (refused) return { ok: false, say: refused.message };
  const prepaid = await prepaidCall(db, member.accountId, [to]);
  if (!prepaid.ok) return { ok: false, say: prepaid.message };
  const callId = await logSoftphoneCall(db, {
    ...member,
    identity: input.identity,
    callSid: input.callSid,
    numberId: number.id,
    from: number.e164,
    to,
  });
  return {
    ok: true,
    callId,
    callerId: number.e164,
    to,
    timeLimitSeconds: prepaid.timeLimitSeconds,
    accountId: member.accountId,
    numberId: number.id,
  };
}

async function logSoftphoneCall(
  db: Database,
  call: {
    accountId: string;
    userId: string;
    numberId: string;
    callSid: string;
    from: string;
    to: string;
    identity: string;
  },
): Promise<string> {
  const client = call.identity.startsWith("client:") ? call.identity : `client:${call.identity}`;
  // The status callback may have logged the call first: this says whose call it is, and to whom.
  const row = await upsertCallLog(
    db,
    sql`
      insert into ${callLogs} (id, account_id, user_id, phone_number_id, call_sid, direction, from_number,
        to_number, dialled_number, call_status)
      values (${newId("call")}, ${call.accountId}, ${call.userId}, ${call.numberId}, ${call.callSid}, 'outbound',
        ${call.from}, ${call.to}, ${client}, 'in-progress')
      on conflict (call_sid) do update set to_number = excluded.to_number, user_id = excluded.user_id,
        from_number = excluded.from_number, dialled_number = excluded.dialled_number, updated_at = now()`,
    new Date(),
  );
  if (!row) throw new Error("softphone call not logged");
  return row.id;
}
