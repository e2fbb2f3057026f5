import { expect } from "vitest";
import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

/** A business's regulatory information for GB local numbers (an address in the country). */
export const gbLocalBundle = {
  country: "GB",
  type: "local",
  endUserType: "business",
  endUser: { business_name: "Acme Ltd", business_registration_number: "01234567" },
  address: { street: "1 Long Acre", city: "London", postalCode: "WC2E 9LA" },
};

/** A PDF's first bytes, enough for a document the carrier files. */
export const identityDocument = {
  type: "passport",
  name: "passport.pdf",
  contentType: "application/pdf",
  dataBase64: Buffer.from("%PDF-1.4\n% a passport\n").toString("base64"),
};

export function simOf(t: TestApp) {
  const simulator = t.app.deps.simulator;
  if (!simulator) throw new Error("the tests run on the embedded carrier simulator");
  return simulator;
}

export async function submitBundle(t: TestApp, session: SignedIn, payload: object = gbLocalBundle) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/numbers/bundles",
    headers: session.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; state: string }>();
}

/** The carrier's reviewer approves the bundle (the sim's control). */
export async function approveAtCarrier(
  t: TestApp,
  bundleId: string,
  decision: "approve" | "reject" = "approve",
) {
  const { schema } = await import("@poundline/db");
  const { eq } = await import("drizzle-orm");
  const [row] = await t.db.db
    .select({ sid: schema.numberBundles.carrierSid })
    .from(schema.numberBundles)
    .where(eq(schema.numberBundles.id, bundleId));
  if (!row) throw new Error(`no bundle ${bundleId}`);
  expect(simOf(t).decideBundle(row.sid, decision, null)).not.toBeNull();
}

export async function firstForSale(t: TestApp, session: SignedIn, query: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/numbers/available?${query}`,
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [first] = res.json<{ numbers: { e164: string }[] }>().numbers;
  if (!first) throw new Error(`nothing for sale for ${query}`);
  return first.e164;
}
