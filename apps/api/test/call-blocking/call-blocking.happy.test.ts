import { schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let owner: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  session = await signIn(t, owner);
});
afterAll(() => t.close());

const inject = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

describe("the block list", () => {
  it("answers the default rules and an empty list before anything is saved", async () => {
    const res = await inject("GET", "/api/call-blocking");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rules: { list: "reject", withheld: "allow", unverified: "allow" },
      entries: [],
      nextCursor: null,
    });
  });

  it("blocks a number in any spelling (kept as E.164) and a prefix, then unblocks", async () => {
    const number = await inject("POST", "/api/call-blocking/entries", {
      kind: "number",
      value: "(305) 555-0199",
      note: "pest",
    });
    expect(number.statusCode, number.body).toBe(201);
    expect(number.json()).toMatchObject({ kind: "number", value: "+13055550199", note: "pest" });
    const prefix = await inject("POST", "/api/call-blocking/entries", { kind: "prefix", value: "+44" });
    expect(prefix.statusCode, prefix.body).toBe(201);
    const rows = await t.db.db.select().from(schema.blockedCallers);
    expect(rows.map((r) => [r.accountId, r.value]).sort()).toEqual([
      [owner.accountId, "+13055550199"],
      [owner.accountId, "+44"],
    ]);
    // The routing tables hold the list at once (routing.changed()).
    const blocking = t.app.deps.routing.current().accounts.get(owner.accountId)?.blocking;
    expect(blocking?.prefixes.has("+44")).toBe(true);

    const removed = await inject("DELETE", `/api/call-blocking/entries/${number.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect(
      (await inject("GET", "/api/call-blocking")).json().entries.map((e: { value: string }) => e.value),
    ).toEqual(["+44"]);
  });

  it("saves the rules", async () => {
    const rules = { list: "voicemail", withheld: "screen", unverified: "reject" };
    const res = await inject("PUT", "/api/call-blocking/rules", rules);
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject("GET", "/api/call-blocking")).json().rules).toEqual(rules);
    expect(t.app.deps.routing.current().accounts.get(owner.accountId)?.blocking?.rules).toEqual(rules);
  });
});
