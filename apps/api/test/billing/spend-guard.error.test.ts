import { planMessages } from "@poundline/contracts/billing/plan-schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
const valid = {
  autoRechargeEnabled: true,
  autoRechargeThresholdCents: 500,
  autoRechargeAmountCents: 2500,
  monthlySpendCapCents: null,
};

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

describe("PUT /api/billing/spend-guard refuses bad input with the field's message, saving nothing", () => {
  it.each([
    ["autoRechargeAmountCents", 499, planMessages.amount],
    ["autoRechargeAmountCents", 100_001, planMessages.amount],
    ["autoRechargeAmountCents", 12.5, planMessages.amount],
    ["autoRechargeThresholdCents", -1, planMessages.threshold],
    ["autoRechargeThresholdCents", "500", planMessages.threshold],
    ["monthlySpendCapCents", 0, planMessages.cap],
    ["monthlySpendCapCents", 10_000_001, planMessages.cap],
    ["autoRechargeEnabled", "yes", "Must be true or false."],
  ])("%s = %j", async (field, value, message) => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/billing/spend-guard",
      headers: session.headers,
      payload: { ...valid, [field]: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[`body.${field}`]).toEqual([message]);
    const rows = await t.db.db
      .select()
      .from(schema.spendGuards)
      .where(eq(schema.spendGuards.accountId, user.accountId));
    expect(rows).toHaveLength(0);
  });
});
