import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

/** A request as the console sends it: one number, signed by the authorised person. */
export const portInBody = (numbers: string[] = ["+13055550177"], extra: Record<string, unknown> = {}) => ({
  numbers,
  customerName: "Acme Plumbing",
  customerType: "Business",
  accountNumber: "12345",
  authorizedName: "Ana Diaz",
  authorizedEmail: "ana@acme.test",
  address: { street: "1 Main St", city: "Miami", state: "FL", zip: "33101", country: "US" },
  targetDate: "2030-01-15",
  signature: { signerName: "Ana Diaz", agreed: true },
  ...extra,
});

export function simOf(t: TestApp) {
  const simulator = t.app.deps.simulator;
  if (!simulator) throw new Error("the tests run on the embedded carrier simulator");
  return simulator;
}

/** Submits a request as `session`; answers it. */
export async function createPortIn(t: TestApp, session: SignedIn, body: object = portInBody()) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/porting",
    headers: session.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; carrierSid: string; status: string }>();
}

/** Buys a number for the account through the console, as the temporary number. */
export async function buyNumber(t: TestApp, session: SignedIn): Promise<{ id: string; e164: string }> {
  const search = await t.app.inject({
    method: "GET",
    url: "/api/numbers/available?type=local&areaCode=407",
    headers: session.headers,
  });
  const [offered] = search.json<{ numbers: { e164: string }[] }>().numbers;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/numbers",
    headers: session.headers,
    payload: { e164: offered?.e164 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; e164: string }>();
}

export const requestRow = async (t: TestApp, id: string) =>
  (await t.db.db.select().from(schema.portInRequests).where(eq(schema.portInRequests.id, id)))[0];

export const numberRows = (t: TestApp, requestId: string) =>
  t.db.db.select().from(schema.portInNumbers).where(eq(schema.portInNumbers.requestId, requestId));

export const eventRows = (t: TestApp, requestId: string) =>
  t.db.db.select().from(schema.portInEvents).where(eq(schema.portInEvents.requestId, requestId));
