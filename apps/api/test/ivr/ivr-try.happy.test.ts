import type { IvrMenuView } from "@poundline/contracts/ivr/schemas";
import { schema } from "@poundline/db";
import type { TryView } from "@poundline/modules/ivr/try-calls";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addExtension, addNumber } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { api, menuBody, routeToMenu } from "./helpers";

const LINE = "+13055550191";
// Monday 2026-11-23 10:00 in New York: business hours.
const now = new Date("2026-11-23T15:00:00Z");
let t: TestApp;
let user: TestUser;
let session: SignedIn;
let desk: string;
let main: IvrMenuView;
let sales: IvrMenuView;

const start = (payload: Record<string, unknown> = {}) =>
  api<TryView>(t, session, "POST", "/api/ivr-menus/try", 201, payload);
const press = (tryId: string, digits: string) =>
  api<TryView>(t, session, "POST", `/api/ivr-menus/try/${tryId}/keys`, 200, { digits });
const said = (view: TryView) => view.heard.flatMap((h) => (h.kind === "say" ? [h.text] : []));

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, config: { LOG_LEVEL: "error" } });
  user = await createUser(t);
  session = await signIn(t, user);
  const numberId = await addNumber(t, user.accountId, LINE);
  desk = await addExtension(t, user.accountId, 101, ["+13055550101"]);
  await t.app.deps.routing.reload();
  sales = await api<IvrMenuView>(t, session, "POST", "/api/ivr-menus", 201, menuBody("Sales", "Sales menu."));
  main = await api<IvrMenuView>(
    t,
    session,
    "POST",
    "/api/ivr-menus",
    201,
    menuBody("Main", "Welcome to the draft.", [
      { keyPress: "1", action: "ivr_menu", destination: sales.id },
      { keyPress: "2", action: "extension", destination: desk },
      { keyPress: "3", action: "voicemail" },
      { keyPress: "4", action: "play_message", destination: "We are at 1 Main Street." },
      { keyPress: "9", action: "hangup" },
    ]),
  );
  await api(t, session, "PUT", `/api/ivr-menus/${sales.id}`, 200, {
    ...menuBody("Sales", "Sales menu."),
    options: [{ keyPress: "9", action: "ivr_menu", destination: main.id }],
  });
  await routeToMenu(t, session, numberId, main.id);
});
afterAll(() => t.close());

describe("IVR try it: happy path", () => {
  it("calls into the draft (nothing published yet) at the number's menu and waits for a key", async () => {
    const view = await start();
    expect(view).toMatchObject({
      target: "draft",
      versionId: null,
      node: { kind: "menu", menuId: main.id },
      ended: false,
    });
    expect(view.tryId).toMatch(/^try_[a-f0-9]{20}$/);
    expect(said(view)).toEqual(["Welcome to the draft."]);
  });

  it("walks the menus key by key: what was heard after each key and where the call is", async () => {
    const { tryId } = await start();
    const toSales = await press(tryId, "1");
    expect(said(toSales)).toEqual(["Sales menu."]);
    expect(toSales.node).toEqual({ kind: "menu", menuId: sales.id });
    const back = await press(tryId, "9");
    expect(said(back)).toEqual(["Welcome to the draft."]);
    expect(back.node).toEqual({ kind: "menu", menuId: main.id });
    const message = await press(tryId, "4");
    expect(said(message)).toEqual(["We are at 1 Main Street.", "Welcome to the draft."]);
    expect(message.node).toEqual({ kind: "menu", menuId: main.id });
    const waited = await press(tryId, "");
    expect(said(waited)).toEqual(["We did not receive your selection.", "Welcome to the draft."]);
  });

  it("ends where the call would ring an extension: nobody is rung", async () => {
    const { tryId } = await start();
    const view = await press(tryId, "2");
    expect(view).toMatchObject({ node: { kind: "extension", id: desk }, ended: true });
    expect(view.heard).toEqual([{ kind: "dial", text: "+13055550101" }]);
  });

  it("ends at voicemail without recording, and at a hang-up with the goodbye", async () => {
    const voicemail = await press((await start()).tryId, "3");
    expect(voicemail).toMatchObject({ node: { kind: "voicemail" }, ended: true });
    expect(voicemail.heard.at(-1)).toEqual({ kind: "record" });
    const hangup = await press((await start()).tryId, "9");
    expect(hangup).toMatchObject({ node: { kind: "hangup" }, ended: true });
    expect(said(hangup)).toEqual(["Thank you for calling. Goodbye."]);
  });

  it("several keys in one request are pressed one per menu", async () => {
    const { tryId } = await start();
    const view = await press(tryId, "192");
    expect(said(view)).toEqual(["Sales menu.", "Welcome to the draft."]);
    expect(view.node).toEqual({ kind: "extension", id: desk });
  });

  it("starts in the menu asked for", async () => {
    const view = await start({ menuId: sales.id });
    expect(said(view)).toEqual(["Sales menu."]);
    expect(view.node).toEqual({ kind: "menu", menuId: sales.id });
  });

  it("the live target hears the published version, the draft target the edits since", async () => {
    const published = await api<{ id: string }>(t, session, "POST", "/api/ivr-menus/publish", 201, {});
    await api(
      t,
      session,
      "PUT",
      `/api/ivr-menus/${main.id}`,
      200,
      menuBody("Main", "Welcome to the new draft."),
    );
    const live = await start({ target: "live" });
    expect(live).toMatchObject({ target: "live", versionId: published.id });
    expect(said(live)).toEqual(["Welcome to the draft."]);
    const draft = await start({ target: "draft" });
    expect(said(draft)).toEqual(["Welcome to the new draft."]);
    // The live try goes on walking what it started with.
    expect((await press(live.tryId, "1")).node).toEqual({ kind: "menu", menuId: sales.id });
  });

  it("hangs up: the try is gone", async () => {
    const { tryId } = await start();
    await api(t, session, "DELETE", `/api/ivr-menus/try/${tryId}`, 204);
    await api(t, session, "POST", `/api/ivr-menus/try/${tryId}/keys`, 404, { digits: "1" });
  });

  it("writes no call log, voicemail or charge for the account", async () => {
    const logs = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.accountId, user.accountId));
    expect(logs).toEqual([]);
    const voicemails = await t.db.db
      .select()
      .from(schema.voicemails)
      .where(eq(schema.voicemails.accountId, user.accountId));
    expect(voicemails).toEqual([]);
  });
});
