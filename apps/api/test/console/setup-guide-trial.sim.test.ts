import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { claimNumber, useAllowance } from "../trial/helpers";
import { createTrialUser } from "../verified-numbers/helpers";
import { fundWallet } from "./seed";

/**
 * The setup guide's test call on an unpaid trial: no card, no money. The trial's included number
 * is claimed from Phone Numbers, and the call is answered on the trial's included minutes; once
 * they are used (and the wallet is empty) the call is refused, and the guide says why.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const testCall = (headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/console/setup-guide/test-call", headers });

describe("the test call on an unpaid trial", () => {
  it("is answered on the included minutes, then refused once they are used", async () => {
    const { user, session } = await createTrialUser(t);
    const line = "+14075550142";
    expect((await claimNumber(t, session.headers, line)).statusCode).toBe(201);

    const answered = await testCall(session.headers);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ outcome: "voicemail", to: line });

    await fundWallet(t, user.accountId, 0);
    await useAllowance(t, user.accountId, 100);
    const refused = await testCall(session.headers);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ outcome: "refused", reason: "trial_allowance_used" });
    expect(refused.json().message).toMatch(/included minutes are used/);
  });
});
