import { schema } from "@poundline/db";
import { unpaidTrialMessages } from "@poundline/modules/billing/unpaid-trial";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createTrialUser } from "../verified-numbers/helpers";
import { claimNumber, numbersOf } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the trial's one included number, and no more", () => {
  it("a second number is refused with the plan's limit (403), and the carrier sells nothing", async () => {
    const trial = await createTrialUser(t);
    expect((await claimNumber(t, trial.session.headers, "+14075550182")).statusCode).toBe(201);
    const second = await claimNumber(t, trial.session.headers, "+14075550183");
    expect(second.statusCode, second.body).toBe(403);
    expect(second.json().error.message).toBe(
      "Your Free Trial plan includes 1 local number and this account has 1. Release a number or upgrade to Starter to add another.",
    );
    expect((await numbersOf(t, trial.user.accountId)).map((n) => n.e164)).toEqual(["+14075550182"]);
    expect(t.app.deps.simulator?.inventory.byNumber("+14075550183")).toBeUndefined();
  });

  it("a toll-free number is not included (403)", async () => {
    const trial = await createTrialUser(t);
    const res = await claimNumber(t, trial.session.headers, "+18885550184");
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toContain("toll-free numbers need a paid plan");
    expect(await numbersOf(t, trial.user.accountId)).toEqual([]);
  });

  it("once the trial has ended unpaid, no number is claimed (403)", async () => {
    const trial = await createTrialUser(t);
    await t.db.db
      .update(schema.accounts)
      .set({ trialEndsAt: new Date(t.app.deps.clock().getTime() - 1000) })
      .where(eq(schema.accounts.id, trial.user.accountId));
    const res = await claimNumber(t, trial.session.headers, "+14075550185");
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(unpaidTrialMessages.buyNumber);
    expect(await numbersOf(t, trial.user.accountId)).toEqual([]);
  });

  it("a malformed number is a 400 with the field's message", async () => {
    const trial = await createTrialUser(t);
    const res = await claimNumber(t, trial.session.headers, "407-555");
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain("body.e164");
  });
});
