import { applyDebits, type Database, schema } from "@poundline/db";
import { numberMonthlyCents } from "@poundline/domain/number-prices";
import { campaignMonthlyCents } from "@poundline/domain/texting-registration";
import { eq, lt } from "drizzle-orm";
import { priceRows } from "../../numbers/abroad";
import { numberKindOf } from "../../numbers/numbers";

const { phoneNumbers, textingRegistrations } = schema;

/** The month a fee is for, as its idempotency key and the purchase's first month name it. */
const monthOf = (now: Date) => now.toISOString().slice(0, 7);

const monthName = (now: Date) =>
  now.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * Charges this month's fee of every priced number (numbers abroad: home numbers come with the
 * plan) held since before the month began: once per number and month whatever the runs, the
 * purchase having charged its own first month under the same key. Each account's numbers in one
 * transaction. Answers how many fees were charged.
 */
export async function renewNumberFees(db: Database, now: Date): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [numbers, prices] = await Promise.all([
    db
      .select({
        id: phoneNumbers.id,
        accountId: phoneNumbers.accountId,
        e164: phoneNumbers.e164,
        numberType: phoneNumbers.numberType,
      })
      .from(phoneNumbers)
      .where(lt(phoneNumbers.createdAt, monthStart)),
    priceRows(db),
  ]);
  const byAccount = new Map<string, { id: string; e164: string; monthlyCents: number }[]>();
  for (const number of numbers) {
    const { isoCountry } = numberKindOf(number.e164);
    const monthlyCents = numberMonthlyCents(isoCountry, number.numberType, prices) ?? 0;
    if (monthlyCents <= 0) continue;
    byAccount.set(number.accountId, [
      ...(byAccount.get(number.accountId) ?? []),
      { ...number, monthlyCents },
    ]);
  }
  let charged = 0;
  for (const [accountId, held] of byAccount) {
    const results = await db.transaction((tx) =>
      applyDebits(
        tx,
        accountId,
        held.map((number) => ({
          type: "number_fee" as const,
          amountCents: number.monthlyCents,
          idempotencyKey: `number_fee:${number.id}:${monthOf(now)}`,
          reference: number.id,
          description: `Number ${number.e164}: ${monthName(now)}`,
        })),
        now,
      ),
    );
    charged += results.filter((r) => r.status === "applied").length;
  }
  return charged;
}

/**
 * Charges this month's fee of every approved texting campaign (A2P 10DLC), by its use case: once
 * per registration and month whatever the runs, from the month of its approval on. Answers how
 * many fees were charged.
 */
export async function renewCampaignFees(db: Database, now: Date): Promise<number> {
  const approved = await db
    .select({
      id: textingRegistrations.id,
      accountId: textingRegistrations.accountId,
      campaign: textingRegistrations.campaign,
    })
    .from(textingRegistrations)
    .where(eq(textingRegistrations.stage, "approved"));
  let charged = 0;
  for (const registration of approved) {
    const [result] = await db.transaction((tx) =>
      applyDebits(
        tx,
        registration.accountId,
        [
          {
            type: "registration_fee",
            amountCents: campaignMonthlyCents(registration.campaign.useCase),
            idempotencyKey: `campaign_fee:${registration.id}:${monthOf(now)}`,
            reference: registration.id,
            description: `Texting campaign: ${monthName(now)}`,
          },
        ],
        now,
      ),
    );
    if (result?.status === "applied") charged++;
  }
  return charged;
}
