import type { IvrMenuView } from "@poundline/contracts/ivr/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addExtension } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { api, menuBody } from "./helpers";

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

const versionRows = () =>
  t.db.db.select().from(schema.ivrVersions).where(eq(schema.ivrVersions.accountId, user.accountId));

describe("IVR versions: bad input", () => {
  it("publishing with nothing changed is 409 and stores nothing", async () => {
    const res = await api<{ error: { message: string } }>(
      t,
      session,
      "POST",
      "/api/ivr-menus/publish",
      409,
      {},
    );
    expect(res.error.message).toBe("There are no unpublished changes.");
    expect(await versionRows()).toEqual([]);
  });

  it.each([
    [{ note: "x".repeat(501) }, "The note must be at most 500 characters."],
    [{ note: 42 }, "Must be text."],
  ])("a bad note %j is 400 with the field's message", async (payload, message) => {
    await api(t, session, "POST", "/api/ivr-menus", 201, menuBody("Main", "Hello."));
    const res = await api<{ error: { fields: Record<string, string[]> } }>(
      t,
      session,
      "POST",
      "/api/ivr-menus/publish",
      400,
      payload,
    );
    expect(res.error.fields["body.note"]).toEqual([message]);
    expect(await versionRows()).toEqual([]);
  });

  it.each([
    ["/api/ivr-menus/versions/nope", 400],
    ["/api/ivr-menus/versions/ivrv_unknown", 404],
    ["/api/ivr-menus/versions/diff?from=draft", 400],
    ["/api/ivr-menus/versions/diff?from=draft&to=yesterday", 400],
    ["/api/ivr-menus/versions/diff?from=draft&to=ivrv_unknown", 404],
  ])("GET %s is %i", async (url, status) => {
    await api(t, session, "GET", url, status);
  });

  it.each([
    ["/api/ivr-menus/versions/nope/rollback", 400],
    ["/api/ivr-menus/versions/ivrv_unknown/rollback", 404],
  ])("POST %s is %i", async (url, status) => {
    await api(t, session, "POST", url, status);
    expect(await versionRows()).toEqual([]);
  });

  it("refuses to publish a draft whose option points at an extension deleted meanwhile, saying why", async () => {
    const ext = await addExtension(t, user.accountId, 150, ["+13055550150"]);
    const menus = await api<{ items: IvrMenuView[] }>(t, session, "GET", "/api/ivr-menus", 200);
    const menu = menus.items[0] as IvrMenuView;
    await api(t, session, "PUT", `/api/ivr-menus/${menu.id}`, 200, {
      ...menuBody("Main", "Hello."),
      options: [{ keyPress: "1", action: "extension", destination: ext }],
    });
    // Gone behind the API's back (the API itself refuses while a menu uses it).
    await t.db.db.delete(schema.extensions).where(eq(schema.extensions.id, ext));
    const res = await api<{ error: { message: string; fields: { reasons: string[] } } }>(
      t,
      session,
      "POST",
      "/api/ivr-menus/publish",
      409,
      {},
    );
    expect(res.error.fields.reasons).toEqual([`Menu "Main": Option 1 goes to a missing extension (${ext}).`]);
    expect(res.error.message).toBe(res.error.fields.reasons[0]);
    expect(await versionRows()).toEqual([]);
  });

  it("refuses to roll back to a version whose extension no longer exists; nothing changes", async () => {
    const ext = await addExtension(t, user.accountId, 160, ["+13055550160"]);
    const [menu] = (await api<{ items: IvrMenuView[] }>(t, session, "GET", "/api/ivr-menus", 200)).items;
    if (!menu) throw new Error("no menu");
    await api(t, session, "PUT", `/api/ivr-menus/${menu.id}`, 200, {
      ...menuBody("Main", "Hello."),
      options: [{ keyPress: "2", action: "extension", destination: ext }],
    });
    const v1 = await api<{ id: string }>(t, session, "POST", "/api/ivr-menus/publish", 201, {});
    await api(t, session, "PUT", `/api/ivr-menus/${menu.id}`, 200, menuBody("Main", "Hello again."));
    const v2 = await api<{ id: string }>(t, session, "POST", "/api/ivr-menus/publish", 201, {});
    await api(t, session, "DELETE", `/api/extensions/${ext}`, 204);
    const res = await api<{ error: { fields: { reasons: string[] } } }>(
      t,
      session,
      "POST",
      `/api/ivr-menus/versions/${v1.id}/rollback`,
      409,
    );
    expect(res.error.fields.reasons).toEqual([`Menu "Main": Option 2 goes to a missing extension (${ext}).`]);
    const [live] = await t.db.db
      .select()
      .from(schema.ivrLiveVersions)
      .where(eq(schema.ivrLiveVersions.accountId, user.accountId));
    expect(live?.versionId).toBe(v2.id);
    const [row] = await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, menu.id));
    expect(row?.greetingTts).toBe("Hello again.");
    expect(await versionRows()).toHaveLength(2);
  });
});
