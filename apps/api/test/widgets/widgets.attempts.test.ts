import { schema } from "@poundline/db";
import { acceptedToday, recordAttempt } from "@poundline/modules/widgets/attempts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { createWidget, insertNumber } from "./helpers";

let t: TestApp;
let alice: TestUser;
let aliceIn: SignedIn;
let bobIn: SignedIn;
let widgetId: string;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  aliceIn = await signIn(t, alice);
  bobIn = await signIn(t, await createUser(t));
  const number = await insertNumber(t, alice.accountId);
  widgetId = (await createWidget(t, aliceIn, { licensedNumberId: number.id })).json().id;
  const base = { widgetId, accountId: alice.accountId, origin: "https://shop.example", ip: "203.0.113.9" };
  await recordAttempt(
    t.db.db,
    { ...base, kind: "call", outcome: "accepted", visitorNumber: "+13055550100" },
    at("2026-11-23T23:59:59Z"),
  );
  await recordAttempt(
    t.db.db,
    { ...base, kind: "call", outcome: "accepted", visitorNumber: "+13055550101" },
    at("2026-11-24T00:00:00Z"),
  );
  await recordAttempt(
    t.db.db,
    { ...base, kind: "sms", outcome: "invalid_number", visitorNumber: "+19005550100", detail: "Premium" },
    at("2026-11-24T10:00:00Z"),
  );
  await recordAttempt(
    t.db.db,
    // Logged before the log said it in words: its message id is not shown.
    {
      ...base,
      kind: "sms",
      outcome: "accepted",
      visitorNumber: "+13055550102",
      detail: "Message WIDGET_wga_0123456789abcdef",
    },
    at("2026-11-24T11:00:00Z"),
  );
});
afterAll(() => t.close());

describe("widgets: attempt log", () => {
  it("lists the widget's attempts newest first, paged, with the total", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/widgets/${widgetId}/attempts?limit=2`,
      headers: aliceIn.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.items.map((a: { visitorNumber: string }) => a.visitorNumber)).toEqual([
      "+13055550102",
      "+19005550100",
    ]);
    expect(body.items[0].detail).toBe("Text in Messages");
    expect(res.body).not.toContain("WIDGET_");
    expect(body.items[1]).toMatchObject({
      kind: "sms",
      outcome: "invalid_number",
      origin: "https://shop.example",
      ip: "203.0.113.9",
      detail: "Premium",
      createdAt: "2026-11-24T10:00:00.000Z",
    });
  });

  it.each([
    ["2026-11-24T12:00:00Z", 2],
    ["2026-11-23T23:59:59Z", 1],
    ["2026-11-25T00:00:00Z", 0],
  ])("accepted attempts of the UTC day of %s: %i", async (now, expected) => {
    expect(await acceptedToday(t.db.db, widgetId, at(now))).toBe(expected);
  });

  it("a bad page is 400", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/widgets/${widgetId}/attempts?limit=0`,
      headers: aliceIn.headers,
    });
    expect(res.statusCode).toBe(400);
  });

  it("anonymous is 401, another account 404", async () => {
    const anonymous = await t.app.inject({
      method: "GET",
      url: `/api/widgets/${widgetId}/attempts`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await t.app.inject({
      method: "GET",
      url: `/api/widgets/${widgetId}/attempts`,
      headers: bobIn.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it("deleting the widget deletes its log", async () => {
    await t.app.inject({ method: "DELETE", url: `/api/widgets/${widgetId}`, headers: aliceIn.headers });
    const rows = await t.db.db.select().from(schema.widgetAttempts);
    expect(rows).toEqual([]);
  });
});
