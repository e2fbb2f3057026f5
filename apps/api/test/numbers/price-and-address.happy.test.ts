import { schema } from "@poundline/db";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../console/seed";
import { createUser, signIn } from "../fixtures";
import { subscribe } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the price shown before buying a number", () => {
  it.each([
    ["the trial", null, "local", "Free Trial", 1],
    ["Starter", "Starter", "local", "Starter", 2],
    ["Professional, toll-free", "Professional", "toll-free", "Professional", 5],
    ["Enterprise", "Enterprise", "local", "Enterprise", null],
  ] as const)(
    "on %s: the server's own monthly price, under the plan that includes it",
    async (_name, plan, type, planName, included) => {
      const user = await createUser(t);
      if (plan) await subscribe(t, user.accountId, plan);
      await addNumber(t, user.accountId, `+1305555${String(2000 + Math.floor(Math.random() * 7000))}`);
      const query = type === "local" ? "type=local&areaCode=305" : "type=toll-free";
      const res = await t.app.inject({
        method: "GET",
        url: `/api/numbers/available?${query}`,
        headers: (await signIn(t, user)).headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().price).toEqual({
        monthlyCents: 0,
        plan: planName,
        includedNumbers: included,
        held: 1,
      });
    },
  );
});

describe("the E911 address a number starts from", () => {
  it("is the address given at registration, with the company's name", async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/numbers",
      headers: (await signIn(t, user)).headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().registeredAddress).toEqual({
      customerName: user.companyName,
      street: "100 Main Street",
      streetSecondary: null,
      city: "Springfield",
      region: "IL",
      postalCode: "62701",
      isoCountry: "US",
    });
  });

  it("is none for an account without an address (a Google sign-up not yet completed)", async () => {
    const user = await createUser(t);
    await t.db.db
      .update(schema.accounts)
      .set({ addressLine1: null })
      .where(eq(schema.accounts.id, user.accountId));
    const res = await t.app.inject({
      method: "GET",
      url: "/api/numbers",
      headers: (await signIn(t, user)).headers,
    });
    expect(res.json().registeredAddress).toBeNull();
  });
});
