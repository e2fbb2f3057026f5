import { newId, schema } from "@poundline/db";
import type { TestApp } from "../../src/testing";

/** A subscription to a plan (seed 000's names), so the account is on it. */
export async function subscribe(t: TestApp, accountId: string, planName: string) {
  await t.db.db.insert(schema.subscriptions).values({
    id: newId("subscription"),
    accountId,
    serviceName: "Poundline Business Phone",
    planName,
    status: "active",
    monthlyFeeCents: 5999,
  });
}

/** A "request a phone number" row sent by the account's user through the public form. */
export async function addNumberRequest(t: TestApp, accountId: string, areaCode = "407") {
  const id = newId("numberRequest");
  await t.db.db
    .insert(schema.phoneNumberRequests)
    .values({ id, accountId, numberType: "local", areaCode, quantity: 1, purpose: "Sales line" });
  return id;
}

export const e911Address = {
  customerName: "Acme Law",
  street: "200 S Orange Ave",
  streetSecondary: "Suite 1500",
  city: "Orlando",
  region: "FL",
  postalCode: "32801",
  isoCountry: "US",
};
