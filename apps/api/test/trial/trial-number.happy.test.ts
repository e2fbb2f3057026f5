import { TRIAL_ALLOWANCE } from "@poundline/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createTrialUser } from "../verified-numbers/helpers";
import { claimNumber, ledgerOf, numbersOf, planStatus, useAllowance } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a new unpaid trial (no plan, no card, no top-up)", () => {
  it("claims its included local number at no charge, and its gate is open on the allowance", async () => {
    const trial = await createTrialUser(t);
    const res = await claimNumber(t, trial.session.headers, "+14075550181");
    expect(res.statusCode, res.body).toBe(201);
    expect((await numbersOf(t, trial.user.accountId)).map((n) => n.e164)).toEqual(["+14075550181"]);
    expect(t.app.deps.simulator?.inventory.byNumber("+14075550181")).toBeDefined();
    expect(await ledgerOf(t, trial.user.accountId)).toEqual([]);

    const plan = await planStatus(t, trial.session.headers);
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({
      plan: "Free Trial",
      gate: "open",
      used: { numbers: 1 },
      allowance: {
        minutesIncluded: TRIAL_ALLOWANCE.minutes,
        minutesLeft: TRIAL_ALLOWANCE.minutes,
        textsIncluded: TRIAL_ALLOWANCE.texts,
        textsLeft: TRIAL_ALLOWANCE.texts,
      },
    });
  });

  it("the gate status says the allowance is used once its minutes are, with the texts left", async () => {
    const trial = await createTrialUser(t);
    await useAllowance(t, trial.user.accountId, TRIAL_ALLOWANCE.minutes, 40);
    const plan = (await planStatus(t, trial.session.headers)).json();
    expect(plan).toMatchObject({
      gate: "trial_allowance_used",
      allowance: { minutesLeft: 0, textsLeft: TRIAL_ALLOWANCE.texts - 40 },
    });
  });

  it("an account without a trial has no allowance", async () => {
    const { createUser, signIn } = await import("../fixtures");
    const user = await createUser(t);
    const plan = (await planStatus(t, (await signIn(t, user)).headers)).json();
    expect(plan.allowance).toBeNull();
  });
});
