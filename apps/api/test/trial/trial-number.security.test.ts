import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createTrialUser } from "../verified-numbers/helpers";
import { claimNumber, numbersOf, planStatus, useAllowance } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the included number and the gate status are the signed-in account's own", () => {
  it("anonymous: the claim and the gate status are 401, and nothing is bought", async () => {
    const trial = await createTrialUser(t);
    const origin = trial.session.headers.origin;
    const claim = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: { origin },
      payload: { e164: "+14075550186" },
    });
    expect(claim.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/billing/plan", headers: { origin } })).statusCode,
    ).toBe(401);
    expect(t.app.deps.simulator?.inventory.byNumber("+14075550186")).toBeUndefined();
  });

  it("one trial's claim does not use another's included number, nor its allowance", async () => {
    const alice = await createTrialUser(t);
    const bob = await createTrialUser(t);
    expect((await claimNumber(t, alice.session.headers, "+14075550187")).statusCode).toBe(201);
    await useAllowance(t, alice.user.accountId, 100, 100);
    expect((await claimNumber(t, bob.session.headers, "+14075550188")).statusCode).toBe(201);
    expect((await numbersOf(t, bob.user.accountId)).map((n) => n.e164)).toEqual(["+14075550188"]);
    const bobPlan = (await planStatus(t, bob.session.headers)).json();
    expect(bobPlan).toMatchObject({ gate: "open", allowance: { minutesLeft: 100, textsLeft: 100 } });
    // Bob cannot read Alice's number.
    const [aliceNumber] = await numbersOf(t, alice.user.accountId);
    const peek = await t.app.inject({
      method: "GET",
      url: `/api/numbers/${aliceNumber?.id}`,
      headers: bob.session.headers,
    });
    expect(peek.statusCode).toBe(404);
  });
});
