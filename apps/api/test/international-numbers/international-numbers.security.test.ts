/** Numbers abroad: anonymous callers, another account's bundle, members without numbers.buy. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { topUp } from "../verified-numbers/helpers";
import { approveAtCarrier, firstForSale, submitBundle } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("numbers abroad, guarded", () => {
  it.each([
    ["GET", "/api/numbers/countries"],
    ["GET", "/api/numbers/requirements?country=GB&type=local"],
    ["GET", "/api/numbers/bundles"],
    ["POST", "/api/numbers/bundles"],
  ] as const)("%s %s answers 401 to anonymous callers", async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === "POST" ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });

  it("another account's approved bundle answers 404 and buys nothing; its list stays its own", async () => {
    const owner = await createUser(t);
    await subscribe(t, owner.accountId, "Professional");
    const ownerSession = await signIn(t, owner);
    const bundle = await submitBundle(t, ownerSession);
    await approveAtCarrier(t, bundle.id);

    const other = await createUser(t);
    await subscribe(t, other.accountId, "Professional");
    await topUp(t, other.accountId, 5000);
    const otherSession = await signIn(t, other);
    const e164 = await firstForSale(t, otherSession, "country=GB&type=local");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: otherSession.headers,
      payload: { e164, bundleId: bundle.id },
    });
    expect(res.statusCode, res.body).toBe(404);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/numbers/bundles",
      headers: otherSession.headers,
    });
    expect(list.json().bundles).toEqual([]);
  });
});
