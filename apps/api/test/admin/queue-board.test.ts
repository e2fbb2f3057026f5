import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUEUE_BOARD_PATH } from "../../src/routes/admin/queue-board";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

const redisUrl = process.env.TEST_REDIS_URL;

function expectOneErrorShape(res: LightMyRequestResponse, code: string) {
  expect(res.json()).toEqual({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

// The board reads BullMQ's keys, so it exists only with Redis (as in production).
describe.skipIf(!redisUrl)("the queue board (Bull Board) under /admin/queues", () => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  const prefix = `test-board-${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    t = await createTestApp({ config: { REDIS_URL: redisUrl as string, QUEUE_PREFIX: prefix } });
    admin = await signIn(t, await createUser(t, { admin: true }));
    member = await signIn(t, await createUser(t));
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("shows every queue to a platform admin", async () => {
    const page = await get(QUEUE_BOARD_PATH, admin.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const api = await get(`${QUEUE_BOARD_PATH}/api/queues`, admin.cookie);
    expect(api.statusCode).toBe(200);
    const names = (api.json() as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
    expect(names).toEqual(["billing", "notifications", "voicemail"]);
  });

  it.each([
    ["a visitor is sent to sign in", undefined, 303],
    ["a signed-in user who is not an admin is refused", "member", 403],
  ])("%s", async (_name, who, status) => {
    for (const url of [QUEUE_BOARD_PATH, `${QUEUE_BOARD_PATH}/api/queues`]) {
      const res = await get(url, who === "member" ? member.cookie : undefined);
      expect(res.statusCode).toBe(status);
      if (status === 303) expect(res.headers.location).toMatch(/^\/login\?next=/);
      if (status === 403) expectOneErrorShape(res, "FORBIDDEN");
    }
  });

  it("refuses a cross-origin write from an admin's browser in the one error shape", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `${QUEUE_BOARD_PATH}/api/queues/billing/retry/failed`,
      headers: { cookie: admin.cookie, origin: "https://evil.example" },
    });
    expectOneErrorShape(res, "FORBIDDEN");
  });
});
