import { CONTROL_CHARACTERS_MESSAGE } from "@poundline/contracts/common";
import { GEO_MESSAGES } from "@poundline/contracts/geo-routing/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertMenu, insertSharedNumber } from "./helpers";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let stranger: TestUser;
let session: SignedIn;
let numberId: string;
let aliceMenu: string;
let bobMenu: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  bob = await createUser(t);
  stranger = await createUser(t);
  session = await signIn(t, alice);
  aliceMenu = await insertMenu(t, alice.accountId);
  bobMenu = await insertMenu(t, bob.accountId);
  numberId = (
    await insertSharedNumber(t, { manager: alice.accountId, licensees: [alice.accountId, bob.accountId] })
  ).id;
  await t.db.db.insert(schema.geoRules).values({
    id: "geo_existing",
    sharedNumberId: numberId,
    accountId: alice.accountId,
    locationType: "state",
    locationValue: "TX",
    targetAccountId: bob.accountId,
  });
});
afterAll(() => t.close());

const rule = (overrides: Record<string, unknown>) => ({
  locationType: "state",
  locationValue: "FL",
  targetAccountId: alice.accountId,
  ...overrides,
});

const cases: [string, () => unknown, string, string][] = [
  [
    "a NUL in the value",
    () => ({ rules: [rule({ locationValue: "F\u0000L" })] }),
    "body.rules.0.locationValue",
    CONTROL_CHARACTERS_MESSAGE,
  ],
  [
    "a NUL in the licensee",
    () => ({ rules: [rule({ targetAccountId: "acct_a\u0000" })] }),
    "body.rules.0.targetAccountId",
    CONTROL_CHARACTERS_MESSAGE,
  ],
  [
    "no location value",
    () => ({ rules: [rule({ locationValue: "" })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.missing,
  ],
  [
    "blank location value",
    () => ({ rules: [rule({ locationValue: "   " })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.missing,
  ],
  [
    "no licensee",
    () => ({ rules: [rule({ targetAccountId: "" })] }),
    "body.rules.0.targetAccountId",
    GEO_MESSAGES.missing,
  ],
  [
    "a state that is not one of the 50",
    () => ({ rules: [rule({ locationValue: "DC" })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.state,
  ],
  [
    "a province that is not one of the 13",
    () => ({ rules: [rule({ locationType: "province", locationValue: "QB" })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.province,
  ],
  [
    "an area code of two digits",
    () => ({ rules: [rule({ locationType: "areaCode", locationValue: "407, 32" })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.areaCode,
  ],
  [
    "an area code with letters",
    () => ({ rules: [rule({ locationType: "areaCode", locationValue: "40a" })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.areaCode,
  ],
  [
    "a trailing comma",
    () => ({ rules: [rule({ locationType: "areaCode", locationValue: "407," })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.areaCode,
  ],
  [
    "a 3-letter country",
    () => ({ rules: [rule({ locationType: "country", locationValue: "USA" })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.country,
  ],
  [
    "a country code that names none",
    () => ({ rules: [rule({ locationType: "country", locationValue: "ZZ" })] }),
    "body.rules.0.locationValue",
    GEO_MESSAGES.country,
  ],
  [
    "an unknown location type",
    () => ({ rules: [rule({ locationType: "city" })] }),
    "body.rules.0.locationType",
    "Must be one of: state, province, areaCode, country.",
  ],
  [
    "a licensee without a licence",
    () => ({ rules: [rule({ targetAccountId: stranger.accountId })] }),
    "body.rules.0.targetAccountId",
    GEO_MESSAGES.notClient,
  ],
  [
    "another account's menu",
    () => ({ rules: [rule({ ivrMenuId: bobMenu })] }),
    "body.rules.0.ivrMenuId",
    GEO_MESSAGES.menu,
  ],
  [
    "own menu on a rule to another licensee",
    () => ({ rules: [rule({ targetAccountId: bob.accountId, ivrMenuId: aliceMenu })] }),
    "body.rules.0.ivrMenuId",
    GEO_MESSAGES.menu,
  ],
  [
    "the second rule bad",
    () => ({ rules: [rule({}), rule({ locationValue: "" })] }),
    "body.rules.1.locationValue",
    GEO_MESSAGES.missing,
  ],
  ["rules not a list", () => ({ rules: "FL" }), "body.rules", "Expected a list of rules."],
];

describe.each(["/rules", "/coverage"])("%s refuses bad rules with the field's message", (path) => {
  it.each(cases)("%s", async (_, body, field, message) => {
    const res = await t.app.inject({
      method: path === "/rules" ? "PUT" : "POST",
      url: `/api/geo-routing/shared-numbers/${numberId}${path}`,
      headers: session.headers,
      payload: body() as object,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toContain(message);
    // Nothing half-written: the stored rule is still the only one.
    const rows = await t.db.db
      .select()
      .from(schema.geoRules)
      .where(eq(schema.geoRules.sharedNumberId, numberId));
    expect(rows.map((r) => r.id)).toEqual(["geo_existing"]);
  });
});

describe("test a caller: bad callers", () => {
  it.each([
    ["region", "XX", "Enter one of the 50 US state codes or the 13 Canadian province and territory codes."],
    ["postalCode", "ABCDE", "Enter a US ZIP code (12345) or a Canadian postal code (K1A 0B1)."],
    ["postalCode", "D1A 1A1", "Enter a US ZIP code (12345) or a Canadian postal code (K1A 0B1)."],
    ["number", "", "Enter a phone number, a state or a ZIP/postal code."],
    ["zip", "33101", "Must be one of: number, region, postalCode."],
    ["number", "+1407\u00005550100", CONTROL_CHARACTERS_MESSAGE],
  ])("%s %j", async (kind, value, message) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/geo-routing/shared-numbers/${numberId}/test`,
      headers: session.headers,
      payload: { rules: [], caller: { kind, value } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().error.fields).flat()).toContain(message);
  });
});

describe("ids", () => {
  it.each(["not-an-id", "shn_UPPER", "shn_missing"])("%s answers 404", async (id) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/geo-routing/shared-numbers/${id}`,
      headers: session.headers,
    });
    expect([400, 404]).toContain(res.statusCode);
    if (id === "shn_missing") expect(res.statusCode).toBe(404);
  });
});
