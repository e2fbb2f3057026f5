import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { createWidget, insertNumber } from "./helpers";

let t: TestApp;
let publicKey: string;
let numberId: string;
const SITE = "https://shop.example";

beforeAll(async () => {
  t = await createTestApp();
  const alice = await createUser(t);
  const aliceIn = await signIn(t, alice);
  numberId = (await insertNumber(t, alice.accountId)).id;
  const res = await createWidget(t, aliceIn, {
    type: "call",
    primaryColor: "#112233",
    allowedOrigins: [SITE, "http://localhost:4000"],
    licensedNumberId: numberId,
  });
  publicKey = res.json().publicKey;
});
afterAll(() => t.close());

const config = (key: string, origin?: string) =>
  t.app.inject({
    method: "GET",
    url: `/widget/${key}/config`,
    headers: origin ? { origin } : {},
  });

describe("widgets: public configuration", () => {
  it("an allowed origin reads the widget's looks, with CORS for that origin only", async () => {
    const res = await config(publicKey, SITE);
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
    expect(String(res.headers.vary)).toMatch(/Origin/i);
    expect(res.json()).toEqual({
      publicKey,
      type: "call",
      callText: "Call Us Now",
      smsText: "Text Us Now",
      primaryColor: "#112233",
      textColor: "#ffffff",
      position: "bottom-right",
      available: true,
    });
    // Neither the number nor the account leaves the server.
    expect(res.body).not.toContain(numberId);
    expect(res.body).not.toMatch(/acct_|num_|\+1/);
  });

  it.each([
    ["another website", "https://evil.example"],
    ["a look-alike sub-domain", "https://shop.example.evil.example"],
    ["the other scheme", "http://shop.example"],
    ["no Origin at all", undefined],
  ])("%s is 403 without CORS", async (_, origin) => {
    const res = await config(publicKey, origin);
    expect(res.statusCode).toBe(403);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.json().error.message).toBe("This website is not allowed to use this widget.");
  });

  it("an unknown key is 404, a malformed one 400, neither with CORS", async () => {
    const unknown = await config("wk_unknown", SITE);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["access-control-allow-origin"]).toBeUndefined();
    const bad = await config("not-a-key", SITE);
    expect(bad.statusCode).toBe(400);
  });

  it("a widget whose number is gone is served as not available", async () => {
    await t.db.db.delete(schema.phoneNumbers).where(eq(schema.phoneNumbers.id, numberId));
    const res = await config(publicKey, SITE);
    expect(res.statusCode).toBe(200);
    expect(res.json().available).toBe(false);
  });
});
