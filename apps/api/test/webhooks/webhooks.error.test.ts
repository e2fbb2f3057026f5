import { webhookMessages } from "@poundline/contracts/webhooks/schemas";
import { newId } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { createHook, hookBody, hookRow } from "./helpers";

let t: TestApp;
let owner: SignedIn;
let httpsOnly: TestApp;
let httpsOwner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t, await createUser(t));
  httpsOnly = await createTestApp({ config: { WEBHOOKS_ALLOW_HTTP: "false" } });
  httpsOwner = await signIn(httpsOnly, await createUser(httpsOnly));
});
afterAll(async () => {
  await t.close();
  await httpsOnly.close();
});

describe("bad bodies answer 400 with the field's message", () => {
  it.each([
    ["no address", { ...hookBody, url: undefined }, "body.url"],
    ["not an address", { ...hookBody, url: "hooks.example.com" }, "body.url"],
    ["another scheme", { ...hookBody, url: "ftp://hooks.example.com" }, "body.url"],
    ["credentials in it", { ...hookBody, url: "https://me:pw@hooks.example.com" }, "body.url"],
    ["a NUL byte", { ...hookBody, url: "https://hooks.example.com/\u0000" }, "body.url"],
    ["no events", { ...hookBody, eventTypes: [] }, "body.eventTypes"],
    ["an unknown event", { ...hookBody, eventTypes: ["call.exploded"] }, "body.eventTypes.0"],
    ["a long description", { ...hookBody, description: "x".repeat(201) }, "body.description"],
  ])("%s", async (_what, payload, field) => {
    const res = await t.app.inject({ method: "POST", url: "/api/webhooks", headers: owner.headers, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it("refuses a non-boolean enabled", async () => {
    const id = await createHook(t, owner);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/webhooks/${id}`,
      headers: owner.headers,
      payload: { enabled: "yes" },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((await hookRow(t, id))?.disabledAt).toBeNull();
  });
});

describe("https only, unless the configuration allows http", () => {
  it("refuses http when not allowed", async () => {
    const res = await httpsOnly.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: httpsOwner.headers,
      payload: { ...hookBody, url: "http://hooks.example.com/in" },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ "body.url": [webhookMessages.httpsRequired] });
  });

  it("accepts http where the configuration allows it (tests, local development)", async () => {
    await createHook(t, owner, { ...hookBody, url: "http://127.0.0.1:9999/in" });
  });
});

describe("unknown ids answer 404", () => {
  it.each([
    ["GET", `/api/webhooks/${newId("webhookSubscription")}`],
    ["POST", `/api/webhooks/${newId("webhookSubscription")}/test`],
    ["GET", `/api/webhooks/${newId("webhookSubscription")}/deliveries`],
    ["DELETE", `/api/webhooks/${newId("webhookSubscription")}`],
  ] as const)("%s %s", async (method, url) => {
    const res = await t.app.inject({ method, url, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(404);
  });

  it("a malformed id answers 404's words as a 400", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/webhooks/nope", headers: owner.headers });
    expect(res.statusCode).toBe(400);
  });

  it("a delivery of another subscription is not found", async () => {
    const id = await createHook(t, owner);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/webhooks/${id}/deliveries/${newId("webhookDelivery")}/replay`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.message).toBe(webhookMessages.deliveryNotFound);
  });
});

describe("limits", () => {
  it("refuses a page size over the maximum", async () => {
    const id = await createHook(t, owner);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/webhooks/${id}/deliveries?limit=1000`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
