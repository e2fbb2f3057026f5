import type {
  CoverageJson,
  ProbeResultJson,
  SharedNumberDetailJson,
  SharedNumberJson,
} from "@poundline/contracts/geo-routing/schemas";
import { schema } from "@poundline/db";
import { accountOfCall } from "@poundline/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertMenu, insertSharedNumber } from "./helpers";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let aliceSession: SignedIn;
let number: { id: string; poundCode: string; e164: string };
let menuId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, { companyName: "Alice Law" });
  bob = await createUser(t, { companyName: "Bob Legal" });
  aliceSession = await signIn(t, alice);
  menuId = await insertMenu(t, alice.accountId);
  // Alice holds two territories of the number: one entry in her list.
  number = await insertSharedNumber(t, {
    manager: alice.accountId,
    licensees: [alice.accountId, alice.accountId, bob.accountId],
  });
});
afterAll(() => t.close());

const url = (path = "") => `/api/geo-routing/shared-numbers/${number.id}${path}`;
const send = (method: "GET" | "PUT" | "POST", path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: aliceSession.headers, ...(payload ? { payload } : {}) });

const storedRules = () =>
  t.db.db
    .select()
    .from(schema.geoRules)
    .where(eq(schema.geoRules.sharedNumberId, number.id))
    .orderBy(asc(schema.geoRules.priority));

describe("shared numbers and their clients", () => {
  it("lists the account's shared numbers from its licences, duplicates merged", async () => {
    const res = await send("GET", "/api/geo-routing/shared-numbers");
    expect(res.statusCode).toBe(200);
    expect(res.json<{ sharedNumbers: SharedNumberJson[] }>().sharedNumbers).toEqual([
      { id: number.id, poundCode: number.poundCode, e164: number.e164, canEdit: true },
    ]);
  });

  it("lists nothing for an account without licences", async () => {
    const dave = await createUser(t);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/geo-routing/shared-numbers",
      headers: (await signIn(t, dave)).headers,
    });
    expect(res.json()).toEqual({ sharedNumbers: [] });
  });

  it("shows the licensed clients, one per licensee, and the account's menus", async () => {
    const res = await send("GET", url());
    expect(res.statusCode).toBe(200);
    const detail = res.json<SharedNumberDetailJson>();
    expect(detail.clients.map((c) => [c.licenseeId, c.companyName, c.territory.split(", ").length])).toEqual([
      [alice.accountId, "Alice Law", 2],
      [bob.accountId, "Bob Legal", 1],
    ]);
    expect(detail.menus).toEqual([{ id: menuId, name: "Intake" }]);
    expect(detail.sharedNumber.defaultLicenseeId).toBe(alice.accountId);
  });
});

describe("saving rules", () => {
  it("stores the rules in order, priority 1 first, values normalised, and routes the next call by them", async () => {
    const res = await send("PUT", url("/rules"), {
      rules: [
        { locationType: "areaCode", locationValue: "305,786 , 305", targetAccountId: bob.accountId },
        { locationType: "state", locationValue: "fl", targetAccountId: alice.accountId, ivrMenuId: menuId },
        { locationType: "country", locationValue: "ca", targetAccountId: bob.accountId },
      ],
    });
    expect(res.statusCode).toBe(200);
    const rows = await storedRules();
    expect(
      rows.map((r) => [
        r.priority,
        r.locationType,
        r.locationValue,
        r.targetAccountId,
        r.ivrMenuId,
        r.accountId,
      ]),
    ).toEqual([
      [1, "areaCode", "305, 786", bob.accountId, null, alice.accountId],
      [2, "state", "FL", alice.accountId, menuId, alice.accountId],
      [3, "country", "CA", bob.accountId, null, alice.accountId],
    ]);
    await expect
      .poll(
        () => accountOfCall(t.app.deps.routing.current(), number.e164, { from: "+13055550100" })?.accountId,
      )
      .toBe(bob.accountId);
    expect(
      accountOfCall(t.app.deps.routing.current(), number.e164, { from: "+14075550100" })?.accountId,
    ).toBe(alice.accountId);
  });

  it("reorders: the list's order is the priority", async () => {
    const rules = [
      { locationType: "state", locationValue: "FL", targetAccountId: alice.accountId, ivrMenuId: menuId },
      { locationType: "areaCode", locationValue: "305", targetAccountId: bob.accountId },
    ];
    expect((await send("PUT", url("/rules"), { rules })).statusCode).toBe(200);
    expect((await storedRules()).map((r) => [r.priority, r.locationType])).toEqual([
      [1, "state"],
      [2, "areaCode"],
    ]);
    await expect
      .poll(
        () => accountOfCall(t.app.deps.routing.current(), number.e164, { from: "+13055550100" })?.accountId,
      )
      .toBe(alice.accountId);
    const detail = (await send("GET", url())).json<SharedNumberDetailJson>();
    expect(detail.rules.map((r) => r.locationValue)).toEqual(["FL", "305"]);
  });

  it("turns the location prompt on and off with the rules", async () => {
    const on = await send("PUT", url("/rules"), { rules: [], askLocation: true });
    expect(on.json()).toEqual({ rules: [], askLocation: true });
    const [row] = await t.db.db
      .select()
      .from(schema.sharedNumbers)
      .where(eq(schema.sharedNumbers.id, number.id));
    expect(row?.askLocation).toBe(true);
    // Left out, it stays as it is.
    expect((await send("PUT", url("/rules"), { rules: [] })).json().askLocation).toBe(true);
    expect((await send("GET", url())).json<SharedNumberDetailJson>().sharedNumber.askLocation).toBe(true);
    expect((await send("PUT", url("/rules"), { rules: [], askLocation: false })).json().askLocation).toBe(
      false,
    );
  });

  it("saves an empty list: every caller goes to the default licensee", async () => {
    expect((await send("PUT", url("/rules"), { rules: [] })).statusCode).toBe(200);
    expect(await storedRules()).toEqual([]);
  });
});

describe("coverage of the draft, before saving", () => {
  it("names the uncovered places and the rules an earlier one shadows", async () => {
    const res = await send("POST", url("/coverage"), {
      rules: [
        { locationType: "state", locationValue: "FL", targetAccountId: alice.accountId },
        { locationType: "areaCode", locationValue: "407, 212", targetAccountId: bob.accountId },
        { locationType: "areaCode", locationValue: "321", targetAccountId: bob.accountId },
      ],
    });
    expect(res.statusCode).toBe(200);
    const coverage = res.json<CoverageJson>();
    expect(coverage.states).toHaveLength(49);
    expect(coverage.states).not.toContain("FL");
    expect(coverage.provinces).toHaveLength(13);
    expect(coverage.areaCodes).not.toContain("212");
    expect(coverage.areaCodes).not.toContain("305");
    expect(coverage.areaCodes).toContain("404");
    expect(coverage.shadowed).toEqual([{ index: 2, takenBy: [0] }]);
    expect(await storedRules()).toEqual([]);
  });
});

describe("test a caller against the draft", () => {
  const draft = () => [
    { locationType: "areaCode", locationValue: "212", targetAccountId: bob.accountId },
    { locationType: "state", locationValue: "FL", targetAccountId: alice.accountId, ivrMenuId: menuId },
  ];

  it.each([
    ["number", "(407) 555-0100", 1, "alice", "Gather", ["FL"]],
    ["number", "+12125550100", 0, "bob", "Say", ["NY"]],
    ["postalCode", "33101", 1, "alice", "Gather", ["FL"]],
    ["region", "fl", 1, "alice", "Gather", ["FL"]],
    ["region", "GA", null, "alice", "Gather", ["GA"]],
  ] as const)(
    "%s %s: rule %s, licensee %s, first verb %s",
    async (kind, value, ruleIndex, who, verb, regions) => {
      const res = await send("POST", url("/test"), { rules: draft(), caller: { kind, value } });
      expect(res.statusCode).toBe(200);
      const result = res.json<ProbeResultJson>();
      expect(result.ruleIndex).toBe(ruleIndex);
      expect(result.licensee?.id).toBe(who === "alice" ? alice.accountId : bob.accountId);
      expect(result.firstVerb).toBe(verb);
      // Said in the customer's words: what the caller hears, never a TwiML verb.
      expect(result.firstStep).toBe(
        who === "alice"
          ? "The caller hears the menu “Intake”: “Welcome to Intake.”"
          : "The caller hears the voicemail greeting and can leave a message.",
      );
      expect(result.firstStep).not.toMatch(/<|TwiML/);
      expect(result.location.regions).toEqual(regions);
      expect(result.twiml).toMatch(/^<\?xml/);
      expect(result.asksLocation).toBe(false);
    },
  );

  it("a withheld caller is asked for a ZIP or postal code when the draft asks", async () => {
    const res = await send("POST", url("/test"), {
      rules: draft(),
      askLocation: true,
      caller: { kind: "number", value: "anonymous" },
    });
    expect(res.json<ProbeResultJson>()).toMatchObject({
      asksLocation: true,
      firstVerb: "Gather",
      firstStep: "The caller is asked for their ZIP or postal code.",
      ruleIndex: null,
    });
  });
});
