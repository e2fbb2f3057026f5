import { newId, schema } from "@poundline/db";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

/** One of the account's numbers, with its routing (New York business hours by default). */
export async function addNumber(t: TestApp, accountId: string, e164: string): Promise<string> {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164 });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId: id, accountId });
  return id;
}

export const automationsBody = {
  missedCallEnabled: true,
  missedCallTemplate: "Sorry we missed you. This is {business_name}.",
  afterHoursEnabled: true,
  afterHoursCallsEnabled: false,
  afterHoursTemplate: "We're closed. {business_name} will reply when we open.",
  firstContactEnabled: true,
  firstContactTemplate: "Hi {first_name}! Thanks for texting {business_name}.",
  quietHoursEnabled: true,
  quietStart: "21:00",
  quietEnd: "08:00",
};

/** An inject with a session's headers and an optional JSON body. */
export function call(
  t: TestApp,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  session: SignedIn,
  payload?: object,
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = { method, url, headers: session.headers };
  if (payload !== undefined) options.payload = payload;
  return t.app.inject(options);
}
