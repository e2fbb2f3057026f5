import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { wavBytes } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn } from "../fixtures";

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let aliceMenu: string;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  alice = await signIn(t, await createUser(t));
  bob = await signIn(t, await createUser(t));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/ivr-menus",
    headers: alice.headers,
    payload: { name: "Alice main", options: [{ keyPress: "1", action: "hangup" }] },
  });
  aliceMenu = res.json().id;
});
afterAll(() => t.close());

describe("IVR menus: security", () => {
  it.each([
    ["GET", "/api/ivr-menus"],
    ["GET", "/api/ivr-menus/voices"],
    ["POST", "/api/ivr-menus"],
    ["GET", "/api/ivr-menus/ivr_x"],
    ["PUT", "/api/ivr-menus/ivr_x"],
    ["DELETE", "/api/ivr-menus/ivr_x"],
    ["POST", "/api/ivr-menus/ivr_x/greeting"],
  ] as const)("anonymous %s %s is 401", async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ["GET", undefined],
    ["PUT", { name: "Taken over" }],
    ["DELETE", undefined],
  ] as const)("another account's menu: %s is 404, nothing changes", async (method, payload) => {
    const res = await t.app.inject({
      method,
      url: `/api/ivr-menus/${aliceMenu}`,
      headers: bob.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, aliceMenu));
    expect(row?.name).toBe("Alice main");
    const options = await t.db.db
      .select()
      .from(schema.ivrOptions)
      .where(eq(schema.ivrOptions.menuId, aliceMenu));
    expect(options).toHaveLength(1);
  });

  it("another account's menu: a greeting upload is 404, nothing stored", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/ivr-menus/${aliceMenu}/greeting`,
      headers: { ...bob.headers, "content-type": "application/octet-stream" },
      payload: wavBytes(),
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, aliceMenu));
    expect(row?.greetingRecordingUrl).toBeNull();
  });

  it("another account's list does not show it", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/ivr-menus", headers: bob.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([]);
  });
});
