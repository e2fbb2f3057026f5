import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn } from "../fixtures";
import { createHook, hookBody, hookRow } from "./helpers";

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
let hookId: string;
let deliveryId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  owner = await signIn(t, user);
  member = await signIn(t, await createMember(t, user.accountId, "member"));
  stranger = await signIn(t, await createUser(t));
  hookId = await createHook(t, owner);
  const test = await t.app.inject({
    method: "POST",
    url: `/api/webhooks/${hookId}/test`,
    headers: owner.headers,
  });
  deliveryId = test.json<{ id: string }>().id;
});
afterAll(() => t.close());

const routes = () =>
  [
    ["GET", "/api/webhooks", undefined],
    ["POST", "/api/webhooks", hookBody],
    ["GET", `/api/webhooks/${hookId}`, undefined],
    ["PATCH", `/api/webhooks/${hookId}`, { url: "https://evil.example.com/" }],
    ["DELETE", `/api/webhooks/${hookId}`, undefined],
    ["POST", `/api/webhooks/${hookId}/secret`, undefined],
    ["POST", `/api/webhooks/${hookId}/test`, undefined],
    ["GET", `/api/webhooks/${hookId}/deliveries`, undefined],
    ["POST", `/api/webhooks/${hookId}/deliveries/${deliveryId}/replay`, undefined],
  ] as const;

async function unchanged() {
  const row = await hookRow(t, hookId);
  expect(row).toMatchObject({ url: hookBody.url, disabledAt: null });
  const deliveries = await t.db.db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.subscriptionId, hookId));
  expect(deliveries).toHaveLength(1);
}

describe("anonymous", () => {
  it("is refused everywhere (401)", async () => {
    for (const [method, url, payload] of routes()) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    await unchanged();
  });
});

describe("a member without webhooks.manage", () => {
  it("is refused everywhere (403), the secret never shown", async () => {
    for (const [method, url, payload] of routes()) {
      const res = await t.app.inject({
        method,
        url,
        headers: member.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.body).not.toContain("whsec_");
    }
    await unchanged();
  });
});

describe("another account", () => {
  it("sees none of it in its list", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/webhooks", headers: stranger.headers });
    expect(res.json()).toEqual({ webhooks: [], nextCursor: null });
  });

  it("gets 404 for the subscription and its deliveries, and changes nothing", async () => {
    for (const [method, url, payload] of routes().slice(2)) {
      const res = await t.app.inject({
        method,
        url,
        headers: stranger.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain("whsec_");
    }
    await unchanged();
  });
});
