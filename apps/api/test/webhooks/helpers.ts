import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

export const hookBody = {
  url: "https://hooks.example.com/poundline",
  description: "CRM sync",
  eventTypes: ["call.completed", "contact.created"],
};

/** Creates a subscription as `session`; answers its id. */
export async function createHook(t: TestApp, session: SignedIn, body: object = hookBody): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/webhooks",
    headers: session.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

export const hookRow = async (t: TestApp, id: string) =>
  (await t.db.db.select().from(schema.webhookSubscriptions).where(eq(schema.webhookSubscriptions.id, id)))[0];
