import {
  memberLimitRefusal,
  recordingLimitRefusal,
  textLimitRefusal,
} from "@poundline/contracts/billing/plan-limits";
import { planMessages } from "@poundline/contracts/billing/plan-schemas";
import { type Database, schema } from "@poundline/db";
import type { membershipRoles } from "@poundline/db/enums";
import { gateState, type RoutingTable } from "@poundline/domain";
import { and, count, eq, inArray } from "drizzle-orm";
import { currentPlan } from "./current-plan";
import { recordedSecondsThisMonth, textsSentThisMonth } from "./usage";

/**
 * The plan's limits and the billing gate, checked by the API before a write that would exceed
 * them. Each answers the refusal to show (naming the limit and the plan that lifts it), or null.
 */

const { accountMemberships, numberRouting } = schema;

/**
 * Why the account may not send a text now: its trial ended without a subscription, its usage
 * reached the monthly spend cap (both read from the routing table's gate, as calls are), or the
 * plan's texts a month are used. The empty wallet keeps its own refusal (messages/send.ts).
 */
export async function textRefusal(
  db: Database,
  table: RoutingTable,
  accountId: string,
  now: Date,
): Promise<string | null> {
  const account = table.accounts.get(accountId);
  const gate = account ? gateState(account.gate, now) : "open";
  if (gate === "trial_ended") return planMessages.trialEndedTexts;
  if (gate === "spend_cap") return planMessages.spendCapTexts;
  if (gate === "suspended") return planMessages.suspendedTelephony;
  const { limits } = await currentPlan(db, accountId, now);
  if (limits.textsPerMonth === null) return null;
  return textLimitRefusal(limits, await textsSentThisMonth(db, accountId, now));
}

/**
 * Why the account may not place a call now (click-to-call): the same gate as texts, read from the
 * routing table. The empty or owing wallet keeps its own refusal (billing/prepaid.ts).
 */
export function callRefusal(table: RoutingTable, accountId: string, now: Date): string | null {
  const account = table.accounts.get(accountId);
  const gate = account ? gateState(account.gate, now) : "open";
  if (gate === "trial_ended") return planMessages.trialEndedCalls;
  if (gate === "spend_cap") return planMessages.spendCapCalls;
  if (gate === "suspended") return planMessages.suspendedTelephony;
  return null;
}

/** Why call recording may not be turned on for this number (one that records already is left alone). */
export async function recordingRefusal(
  db: Database,
  accountId: string,
  numberId: string,
  now: Date,
): Promise<string | null> {
  const [routing] = await db
    .select({ recordCalls: numberRouting.recordCalls })
    .from(numberRouting)
    .where(and(eq(numberRouting.phoneNumberId, numberId), eq(numberRouting.accountId, accountId)));
  if (routing?.recordCalls) return null;
  const { limits } = await currentPlan(db, accountId, now);
  if (limits.recordingHoursPerMonth === null) return null;
  const seconds =
    limits.recordingHoursPerMonth === 0 ? 0 : await recordedSecondsThisMonth(db, accountId, now);
  return recordingLimitRefusal(limits, seconds);
}

/** The account's members and its owners and admins. */
export async function memberCounts(db: Pick<Database, "select">, accountId: string) {
  const rows = await db
    .select({ role: accountMemberships.role, n: count() })
    .from(accountMemberships)
    .where(eq(accountMemberships.accountId, accountId))
    .groupBy(accountMemberships.role);
  const of = (roles: string[]) => rows.filter((r) => roles.includes(r.role)).reduce((sum, r) => sum + r.n, 0);
  // Every role takes a seat, the bookkeeper's included.
  return { members: rows.reduce((sum, r) => sum + r.n, 0), admins: of(["owner", "admin"]) };
}

/**
 * Why one more member with this role may not join the account. Call it in the transaction that
 * adds the membership, after locking the account's memberships (`lockMemberships`), so two
 * concurrent additions cannot both take the last place.
 */
export async function memberRefusal(
  tx: Database,
  accountId: string,
  role: (typeof membershipRoles)[number],
  now: Date,
): Promise<string | null> {
  const [{ limits }, held] = await Promise.all([
    currentPlan(tx, accountId, now),
    memberCounts(tx, accountId),
  ]);
  return memberLimitRefusal(limits, held, role);
}

/** Locks the account's row for the rest of the transaction: memberships are added one at a time. */
export async function lockMemberships(tx: Database, accountId: string): Promise<void> {
  await tx
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(inArray(schema.accounts.id, [accountId]))
    .for("update");
}
