import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { inviteAndGetToken, memberCount, registration, send } from "./helpers";

/**
 * Seats are counted again at acceptance, under the account's lock: invitations beyond the plan's
 * seats may be sent (each counted against the members of the moment), but of their concurrent
 * acceptances exactly as many succeed as the plan has seats left. Run on PostgreSQL with
 * TEST_DATABASE_URL set, where the requests truly overlap.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function accountWith(plan: string | null): Promise<{ owner: TestUser; asOwner: SignedIn }> {
  const owner = await createUser(t);
  if (plan) await subscribe(t, owner.accountId, plan);
  return { owner, asOwner: await signIn(t, owner) };
}

describe("seats under concurrent acceptances", () => {
  it("the trial: of 6 existing users accepting at once, exactly 2 join", async () => {
    const { owner, asOwner } = await accountWith(null);
    const invitees = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const links = [];
    for (const invitee of invitees) links.push(await inviteAndGetToken(t, asOwner, invitee.email));
    const sessions = await Promise.all(invitees.map((invitee) => signIn(t, invitee)));
    const answers = await Promise.all(
      links.map(({ token }, i) => send(t, sessions[i] ?? null, "POST", `/api/invitations/${token}/accept`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 403, 403, 403, 403]);
    for (const refused of answers.filter((res) => res.statusCode === 403))
      expect(refused.json().error.message).toBe(
        "Your Free Trial plan includes 1 admin and 2 users and this account has 3. Upgrade to Starter to lift it.",
      );
    expect(await memberCount(t, owner.accountId)).toBe(3);
  });

  it("Starter: of 7 registrations through invitations at once, exactly 4 join", async () => {
    const { owner, asOwner } = await accountWith("Starter");
    const links = [];
    for (let i = 0; i < 7; i++)
      links.push(await inviteAndGetToken(t, asOwner, `seat-${i}-${owner.id}@example.com`));
    const answers = await Promise.all(
      links.map(({ token }) => send(t, null, "POST", `/api/invitations/${token}/register`, registration)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 201, 403, 403, 403]);
    expect(await memberCount(t, owner.accountId)).toBe(5);
    // A refused acceptance leaves its invitation open: it can be accepted once a seat frees up.
    const open = (await send(t, asOwner, "GET", "/api/team/invitations")).json().items;
    expect(open).toHaveLength(3);
  });
});
