import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { createWidget, insertNumber, widgetRow, widgetRowsOf } from "./helpers";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let bobIn: SignedIn;
let aliceWidget: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  bob = await createUser(t);
  bobIn = await signIn(t, bob);
  const aliceIn = await signIn(t, alice);
  const number = await insertNumber(t, alice.accountId);
  await insertNumber(t, bob.accountId);
  aliceWidget = (await createWidget(t, aliceIn, { name: "Alice site", licensedNumberId: number.id })).json()
    .id;
});
afterAll(() => t.close());

describe("widgets: security", () => {
  it.each([
    ["GET", "/api/widgets"],
    ["GET", "/api/widgets/licensed-numbers"],
    ["POST", "/api/widgets"],
    ["GET", "/api/widgets/wgt_x"],
    ["PATCH", "/api/widgets/wgt_x"],
    ["DELETE", "/api/widgets/wgt_x"],
  ] as const)("anonymous %s %s is 401", async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("a write from a foreign origin is refused, nothing stored", async () => {
    const before = (await widgetRowsOf(t, bob.accountId)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/widgets",
      headers: { cookie: bobIn.cookie, origin: "https://evil.example" },
      payload: { licensedNumberId: "num_x" },
    });
    expect(res.statusCode).toBe(403);
    expect((await widgetRowsOf(t, bob.accountId)).length).toBe(before);
  });

  it.each([
    ["GET", undefined],
    ["PATCH", { name: "Taken over", allowedOrigins: ["https://evil.example"] }],
    ["DELETE", undefined],
  ] as const)("another account's widget: %s is 404, nothing changes", async (method, payload) => {
    const before = await widgetRow(t, aliceWidget);
    const res = await t.app.inject({
      method,
      url: `/api/widgets/${aliceWidget}`,
      headers: bobIn.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(await widgetRow(t, aliceWidget)).toEqual(before);
    expect(before?.name).toBe("Alice site");
  });

  it("another account's list and licensed numbers show nothing of it", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/widgets", headers: bobIn.headers });
    expect(list.json().items).toEqual([]);
    const numbers = await t.app.inject({
      method: "GET",
      url: "/api/widgets/licensed-numbers",
      headers: bobIn.headers,
    });
    const bobNumbers = numbers.json().items.map((n: { id: string }) => n.id);
    const [aliceRow] = await widgetRowsOf(t, alice.accountId);
    expect(bobNumbers).toHaveLength(1);
    expect(bobNumbers).not.toContain(aliceRow?.phoneNumberId);
  });
});
