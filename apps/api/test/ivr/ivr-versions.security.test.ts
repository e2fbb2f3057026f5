import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { api, menuBody } from "./helpers";

let t: TestApp;
let alice: TestUser;
let aliceSession: SignedIn;
let bob: SignedIn;
let aliceVersion: string;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  alice = await createUser(t);
  aliceSession = await signIn(t, alice);
  bob = await signIn(t, await createUser(t));
  await api(t, aliceSession, "POST", "/api/ivr-menus", 201, menuBody("Alice main", "Alice here."));
  aliceVersion = (await api<{ id: string }>(t, aliceSession, "POST", "/api/ivr-menus/publish", 201, {})).id;
  await api(
    t,
    aliceSession,
    "PUT",
    `/api/ivr-menus/${(await firstMenu()).id}`,
    200,
    menuBody("Alice main", "Changed."),
  );
});
afterAll(() => t.close());

async function firstMenu() {
  const [menu] = await t.db.db
    .select()
    .from(schema.ivrMenus)
    .where(eq(schema.ivrMenus.accountId, alice.accountId));
  if (!menu) throw new Error("no menu");
  return menu;
}

describe("IVR versions: security", () => {
  it.each([
    ["GET", "/api/ivr-menus/draft"],
    ["GET", "/api/ivr-menus/versions"],
    ["GET", "/api/ivr-menus/versions/ivrv_x"],
    ["GET", "/api/ivr-menus/versions/diff?from=draft&to=live"],
    ["POST", "/api/ivr-menus/publish"],
    ["POST", "/api/ivr-menus/versions/ivrv_x/rollback"],
  ] as const)("anonymous %s %s is 401", async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("another account's version is 404 to read, diff and roll back; nothing changes", async () => {
    await api(t, bob, "GET", `/api/ivr-menus/versions/${aliceVersion}`, 404);
    await api(t, bob, "GET", `/api/ivr-menus/versions/diff?from=${aliceVersion}&to=draft`, 404);
    await api(t, bob, "POST", `/api/ivr-menus/versions/${aliceVersion}/rollback`, 404);
    expect((await firstMenu()).greetingTts).toBe("Changed.");
    const versions = await t.db.db.select().from(schema.ivrVersions);
    expect(versions.map((v) => [v.accountId, v.version])).toEqual([[alice.accountId, 1]]);
  });

  it("lists, drafts and publishes only the user's own account", async () => {
    expect((await api<{ items: unknown[] }>(t, bob, "GET", "/api/ivr-menus/versions", 200)).items).toEqual(
      [],
    );
    expect(await api(t, bob, "GET", "/api/ivr-menus/draft", 200)).toEqual({
      liveVersionId: null,
      liveVersion: null,
      hasUnpublishedChanges: false,
    });
    // Bob has no draft changes: Alice's edits are not his to publish.
    await api(t, bob, "POST", "/api/ivr-menus/publish", 409, {});
    const [live] = await t.db.db.select().from(schema.ivrLiveVersions);
    expect(live).toMatchObject({ accountId: alice.accountId, versionId: aliceVersion });
  });

  it("a publish from another site's page is refused (origin check) and stores nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ivr-menus/publish",
      headers: { cookie: aliceSession.cookie, origin: "https://evil.example" },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.db.select().from(schema.ivrVersions)).toHaveLength(1);
  });
});
