import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
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

const device = browserSubscription();

describe("a visitor without a session", () => {
  it.each([
    ["GET", "/api/settings/push/key", undefined],
    ["POST", "/api/settings/push/subscriptions", device],
    ["DELETE", unsubscribeUrl(device.endpoint), undefined],
  ] as const)("%s %s is 401", async (method, url, body) => {
    const res = await call(t, method, url, undefined, body);
    expect(res.statusCode).toBe(401);
  });
});

describe("another user", () => {
  it("cannot remove someone else's device (404), which keeps its row", async () => {
    const alice = await createUser(t);
    await call(t, "POST", "/api/settings/push/subscriptions", await signIn(t, alice), device);
    const mallory = await signIn(t, await createUser(t));

    const res = await call(t, "DELETE", unsubscribeUrl(device.endpoint), mallory);
    expect(res.statusCode).toBe(404);
    const rows = await t.db.db
      .select()
      .from(schema.pushSubscriptions)
      .where(eq(schema.pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toMatchObject([{ userId: alice.id }]);
  });

  it("a write from another origin is refused", async () => {
    const session = await signIn(t, await createUser(t));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/settings/push/subscriptions",
      headers: { origin: "https://evil.example", cookie: session.cookie },
      payload: browserSubscription(),
    });
    expect(res.statusCode).toBe(403);
  });
});
