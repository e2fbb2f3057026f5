/** Numbers abroad: bad input answers 400 with field messages, and a purchase without its requirements is refused. */
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { topUp } from "../verified-numbers/helpers";
import { approveAtCarrier, firstForSale, gbLocalBundle, identityDocument, submitBundle } from "./helpers";

let t: TestApp;
let session: SignedIn;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  accountId = user.accountId;
  await subscribe(t, user.accountId, "Professional");
  await topUp(t, user.accountId, 5000);
  session = await signIn(t, user);
});
afterAll(() => t.close());

describe("bad bundles", () => {
  it.each([
    ["an unknown country code", { ...gbLocalBundle, country: "gb" }, "body.country"],
    ["an unknown type", { ...gbLocalBundle, type: "satellite" }, "body.type"],
    [
      "a missing field the regulation names",
      { ...gbLocalBundle, endUser: { business_name: "Acme" } },
      "body.endUser.business_registration_number",
    ],
    ["no address where one is asked", { ...gbLocalBundle, address: null }, "body.address"],
    ["no identity document where one is asked", { ...gbLocalBundle, country: "DE" }, "body.document"],
    [
      "a document of another kind",
      { ...gbLocalBundle, country: "DE", document: { ...identityDocument, contentType: "text/html" } },
      "body.document.contentType",
    ],
    ["a country sold without a bundle", { ...gbLocalBundle, type: "toll-free" }, "body.type"],
  ])("refuses %s with 400 and writes nothing", async (_why, payload, field) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/numbers/bundles",
      headers: session.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    const rows = await t.db.db
      .select()
      .from(schema.numberBundles)
      .where(eq(schema.numberBundles.accountId, accountId));
    expect(rows).toEqual([]);
  });

  it.each([
    ["country=XX1&type=local", "querystring.country"],
    ["country=GB&type=fax", "querystring.type"],
  ])("refuses requirements for %s", async (query, field) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/numbers/requirements?${query}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it("refuses mobile numbers at home", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/numbers/available?country=US&type=mobile",
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe("purchases abroad refused", () => {
  it("without a bundle, with one under review, with one for another type, or one rejected", async () => {
    const e164 = await firstForSale(t, session, "country=GB&type=local");
    const buy = (bundleId?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/numbers",
        headers: session.headers,
        payload: { e164, ...(bundleId ? { bundleId } : {}) },
      });
    const none = await buy();
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error.fields["body.bundleId"]).toBeDefined();
    const inReview = await submitBundle(t, session);
    expect((await buy(inReview.id)).statusCode).toBe(400);
    const rejected = await submitBundle(t, session);
    await approveAtCarrier(t, rejected.id, "reject");
    expect((await buy(rejected.id)).statusCode).toBe(400);
    const mobile = await submitBundle(t, session, {
      ...gbLocalBundle,
      type: "mobile",
      endUserType: "individual",
      endUser: { first_name: "Ada", last_name: "Lovelace" },
      document: identityDocument,
    });
    await approveAtCarrier(t, mobile.id);
    const other = await buy(mobile.id);
    expect(other.statusCode, other.body).toBe(400);
    expect(
      await t.db.db.select().from(schema.phoneNumbers).where(eq(schema.phoneNumbers.e164, e164)),
    ).toEqual([]);
  });

  it("when the wallet does not cover the first month", async () => {
    const poor = await createUser(t);
    await subscribe(t, poor.accountId, "Professional");
    const poorSession = await signIn(t, poor);
    const e164 = await firstForSale(t, poorSession, "country=GB&type=toll-free");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: poorSession.headers,
      payload: { e164 },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(
      await t.db.db
        .select()
        .from(schema.phoneNumbers)
        .where(eq(schema.phoneNumbers.accountId, poor.accountId)),
    ).toEqual([]);
  });
});
