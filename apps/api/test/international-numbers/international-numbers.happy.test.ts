/**
 * Numbers abroad, through the API and the embedded carrier simulator: the countries and their
 * prices, the regulation's requirements, a bundle submitted and approved, and a number bought in
 * another country once its requirements are met, charged to the wallet.
 */
import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { topUp } from "../verified-numbers/helpers";
import { approveAtCarrier, firstForSale, gbLocalBundle, identityDocument, submitBundle } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paidAccount(cents = 5000) {
  const user = await createUser(t);
  await subscribe(t, user.accountId, "Professional");
  await topUp(t, user.accountId, cents);
  return { user, session: await signIn(t, user) };
}

describe("countries and requirements", () => {
  it("lists the carrier's countries with each type's monthly price, the rows overriding the defaults", async () => {
    const { session } = await paidAccount();
    await t.db.db
      .insert(schema.numberPrices)
      .values({ id: "nprc_test_gb", isoCountry: "GB", numberType: "mobile", monthlyCents: 333 })
      .onConflictDoNothing();
    const res = await t.app.inject({
      method: "GET",
      url: "/api/numbers/countries",
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const gb = res.json().countries.find((c: { isoCountry: string }) => c.isoCountry === "GB");
    expect(gb).toMatchObject({ name: "United Kingdom" });
    expect(gb.types).toEqual(
      expect.arrayContaining([
        { numberType: "local", monthlyCents: 150 },
        { numberType: "mobile", monthlyCents: 333 },
      ]),
    );
  });

  it.each([
    ["GB", "local", "business", { required: true, address: true, identityDocuments: [] }],
    ["GB", "toll-free", "business", { required: false }],
    ["US", "local", "business", { required: false }],
  ])("says what %s %s numbers ask of a %s", async (country, type, endUserType, expected) => {
    const { session } = await paidAccount();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/numbers/requirements?country=${country}&type=${type}&endUserType=${endUserType}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(expected);
  });

  it("asks an individual in Germany for names and an identity document", async () => {
    const { session } = await paidAccount();
    const res = await t.app.inject({
      method: "GET",
      url: "/api/numbers/requirements?country=DE&type=mobile&endUserType=individual",
      headers: session.headers,
    });
    const body = res.json();
    expect(body.endUserFields.map((f: { name: string }) => f.name)).toEqual(["first_name", "last_name"]);
    expect(body.identityDocuments.map((d: { type: string }) => d.type)).toContain("passport");
  });
});

describe("a number bought in another country after its requirements are met", () => {
  it("submits the bundle, waits for approval, buys the number and charges its first month", async () => {
    const { user, session } = await paidAccount(5000);
    const bundle = await submitBundle(t, session, gbLocalBundle);
    expect(bundle.state).toBe("in_review");
    const e164 = await firstForSale(t, session, "country=GB&type=local");
    expect(e164).toMatch(/^\+44207946/);

    const early = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: session.headers,
      payload: { e164, bundleId: bundle.id },
    });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().error.fields["body.bundleId"]).toBeDefined();

    await approveAtCarrier(t, bundle.id);
    const list = await t.app.inject({ method: "GET", url: "/api/numbers/bundles", headers: session.headers });
    expect(list.json().bundles[0]).toMatchObject({ id: bundle.id, state: "approved", name: "Acme Ltd" });

    const bought = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: session.headers,
      payload: { e164, bundleId: bundle.id, friendlyName: "London" },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ e164, numberType: "local", friendlyName: "London" });

    const [number] = await t.db.db
      .select()
      .from(schema.phoneNumbers)
      .where(and(eq(schema.phoneNumbers.accountId, user.accountId), eq(schema.phoneNumbers.e164, e164)));
    expect(number?.carrierSid).toMatch(/^PN/);
    const fees = await t.db.db
      .select()
      .from(schema.ledgerEntries)
      .where(
        and(
          eq(schema.ledgerEntries.accountId, user.accountId),
          eq(schema.ledgerEntries.transactionType, "number_fee"),
        ),
      );
    expect(fees.map((f) => f.amountCents)).toEqual([-150]);
    const [wallet] = await t.db.db
      .select()
      .from(schema.wallets)
      .where(eq(schema.wallets.accountId, user.accountId));
    expect(wallet?.balanceCents).toBe(5000 - 150);
  });

  it("keeps the identity document in storage and submits it with the bundle", async () => {
    const { user, session } = await paidAccount();
    const bundle = await submitBundle(t, session, {
      country: "DE",
      type: "mobile",
      endUserType: "individual",
      endUser: { first_name: "Ada", last_name: "Lovelace" },
      address: { street: "Unter den Linden 1", city: "Berlin", postalCode: "10117" },
      document: identityDocument,
    });
    const [row] = await t.db.db
      .select()
      .from(schema.numberBundles)
      .where(eq(schema.numberBundles.id, bundle.id));
    expect(row).toMatchObject({
      accountId: user.accountId,
      isoCountry: "DE",
      numberType: "mobile",
      state: "in_review",
    });
    const stored = await t.app.deps.storage.head(row?.documentKey ?? "");
    expect(stored?.contentType).toBe("application/pdf");
  });

  it("opens calls to the country of a number the account holds, and no other", async () => {
    const { refuseDestination } = await import("@poundline/modules/destinations/policy");
    const { user, session } = await paidAccount();
    expect((await refuseDestination(t.db.db, user.accountId, "+442079460958"))?.code).toBe("country");
    const bundle = await submitBundle(t, session);
    await approveAtCarrier(t, bundle.id);
    const e164 = await firstForSale(t, session, "country=GB&type=local");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: session.headers,
      payload: { e164, bundleId: bundle.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await refuseDestination(t.db.db, user.accountId, "+442079460958")).toBeNull();
    expect((await refuseDestination(t.db.db, user.accountId, "+33140501234"))?.code).toBe("country");
  });

  it("buys a toll-free number abroad that needs no bundle", async () => {
    const { session } = await paidAccount();
    const e164 = await firstForSale(t, session, "country=GB&type=toll-free");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: session.headers,
      payload: { e164 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().numberType).toBe("toll-free");
  });
});
