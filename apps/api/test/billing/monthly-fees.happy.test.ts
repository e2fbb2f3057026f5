/**
 * A number abroad's monthly fee: charged by the housekeeping round at each month, once per number
 * and month whatever the runs; home numbers come with the plan and numbers bought this month paid
 * their first month when bought.
 */
import { newId, schema } from "@poundline/db";
import { walletAndLedger } from "@poundline/db/testing";
import { renewCampaignFees, renewNumberFees } from "@poundline/modules/billing/jobs/monthly-fees";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, registerForTexting } from "../fixtures";
import { topUp } from "../verified-numbers/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DECEMBER = new Date("2026-12-01T00:30:00Z");

async function holdNumber(accountId: string, e164: string, numberType: "local" | "mobile", createdAt: Date) {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164, numberType, createdAt });
  return id;
}

describe("numbers abroad, month by month", () => {
  it("charges each held number abroad its month once, and nothing for home numbers or this month's", async () => {
    const user = await createUser(t);
    await topUp(t, user.accountId, 1_000);
    const before = await walletAndLedger(t.db.db, user.accountId);
    const november = new Date("2026-11-10T12:00:00Z");
    const london = await holdNumber(user.accountId, "+442079460123", "local", november);
    await holdNumber(user.accountId, "+14075550188", "local", november);
    await holdNumber(user.accountId, "+442079460124", "local", DECEMBER);

    await renewNumberFees(t.db.db, DECEMBER);
    await renewNumberFees(t.db.db, new Date(DECEMBER.getTime() + 3600_000));

    const fees = await t.db.db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.transactionType, "number_fee"));
    const mine = fees.filter((f) => f.reference === london);
    expect(mine.map((f) => [f.amountCents, f.description, f.idempotencyKey])).toEqual([
      [-150, "Number +442079460123: December 2026", `number_fee:${london}:2026-12`],
    ]);
    expect(fees.filter((f) => f.accountId === user.accountId)).toHaveLength(1);
    const after = await walletAndLedger(t.db.db, user.accountId);
    expect(after.balanceCents).toBe(before.balanceCents - 150);
    expect(after.ledgerCents).toBe(after.balanceCents);
  });

  it("charges an approved texting campaign its month once, by its use case", async () => {
    const user = await createUser(t, { textingRegistered: false });
    await topUp(t, user.accountId, 1_000);
    await registerForTexting(t, user.accountId);
    const before = await walletAndLedger(t.db.db, user.accountId);

    await renewCampaignFees(t.db.db, DECEMBER);
    await renewCampaignFees(t.db.db, new Date(DECEMBER.getTime() + 3600_000));

    const fees = await t.db.db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.accountId, user.accountId));
    const campaign = fees.filter((f) => f.idempotencyKey.startsWith("campaign_fee:"));
    expect(campaign.map((f) => [f.amountCents, f.description])).toEqual([
      [-1000, "Texting campaign: December 2026"],
    ]);
    const after = await walletAndLedger(t.db.db, user.accountId);
    expect(after.balanceCents).toBe(before.balanceCents - 1000);
  });
});
