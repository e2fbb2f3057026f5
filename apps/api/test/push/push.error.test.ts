import { schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { call } from "../settings/helpers";
import { browserSubscription, unsubscribeUrl } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = browserSubscription();

describe("a bad subscription", () => {
  it.each([
    ["no body", undefined],
    ["no endpoint", { keys: valid.keys }],
    ["no keys", { endpoint: valid.endpoint }],
    ["an http endpoint", { ...valid, endpoint: "http://push.example.com/send/1" }],
    ["a file endpoint", { ...valid, endpoint: "file:///etc/passwd" }],
    ["not a URL", { ...valid, endpoint: "push service" }],
    ["a huge endpoint", { ...valid, endpoint: `https://push.example.com/${"a".repeat(2100)}` }],
    ["a key not base64url", { ...valid, keys: { ...valid.keys, p256dh: "not base64!" } }],
    ["an auth secret too long", { ...valid, keys: { ...valid.keys, auth: "a".repeat(65) } }],
    ["keys not strings", { ...valid, keys: { p256dh: 1, auth: true } }],
  ])("%s is 400 and saves nothing", async (_case, body) => {
    const session = await signIn(t, await createUser(t));
    const res = await call(t, "POST", "/api/settings/push/subscriptions", session, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("BAD_REQUEST");
    expect(await t.db.db.select().from(schema.pushSubscriptions)).toHaveLength(0);
  });
});

describe("unsubscribing", () => {
  it("needs an https endpoint (400)", async () => {
    const session = await signIn(t, await createUser(t));
    expect((await call(t, "DELETE", "/api/settings/push/subscriptions", session)).statusCode).toBe(400);
    expect((await call(t, "DELETE", unsubscribeUrl("http://x.example/1"), session)).statusCode).toBe(400);
  });

  it("from a device never subscribed is 404", async () => {
    const session = await signIn(t, await createUser(t));
    const res = await call(t, "DELETE", unsubscribeUrl(browserSubscription().endpoint), session);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});
