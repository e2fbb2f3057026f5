import type { CarrierSim } from "@poundline/carrier-sim";
import type { IvrMenuView } from "@poundline/contracts/ivr/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addExtension, addNumber } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { carrierPost } from "../twilio/carrier";
import { api, gatherPathOf, menuBody, routeToMenu } from "./helpers";

const LINE = "+13055550190";
const CALLER = "+13055551234";
// Monday 2026-11-23 10:00 in New York: business hours.
const now = new Date("2026-11-23T15:00:00Z");
let t: TestApp;
let sim: CarrierSim;
let user: TestUser;
let session: SignedIn;
let main: IvrMenuView;
let v1: string;
let v2: string;

interface Version {
  id: string;
  version: number;
  live: boolean;
  note: string | null;
  publishedBy: { id: string; name: string; email: string } | null;
}

const versions = async () =>
  (await api<{ items: Version[] }>(t, session, "GET", "/api/ivr-menus/versions", 200)).items;
const draft = () => api(t, session, "GET", "/api/ivr-menus/draft", 200);
const publish = (note?: string) =>
  api<{ id: string; version: number }>(
    t,
    session,
    "POST",
    "/api/ivr-menus/publish",
    201,
    note ? { note } : {},
  );
const call = async (press: string[]) => {
  const transcript = await sim.placeCall({ from: CALLER, to: LINE, press });
  await sim.idle();
  return transcript.spoken;
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  user = await createUser(t);
  session = await signIn(t, user);
  const numberId = await addNumber(t, user.accountId, LINE);
  await addExtension(t, user.accountId, 101, ["+13055550101"]);
  await t.app.deps.routing.reload();
  main = await api<IvrMenuView>(
    t,
    session,
    "POST",
    "/api/ivr-menus",
    201,
    menuBody("Main", "Version one greeting.", [
      { keyPress: "1", action: "play_message", destination: "One." },
    ]),
  );
  await routeToMenu(t, session, numberId, main.id);
});
afterAll(() => t.close());

describe("IVR versions: happy path", () => {
  it("a saved menu is an unpublished draft: calls do not hear it yet", async () => {
    expect(await draft()).toEqual({ liveVersionId: null, liveVersion: null, hasUnpublishedChanges: true });
    expect(await versions()).toEqual([]);
    expect(await call(["1"])).not.toContain("Version one greeting.");
  });

  it("publishes the draft as version 1: stored with its publisher, live, and the next call hears it", async () => {
    const published = await publish("First menus");
    v1 = published.id;
    expect(published.version).toBe(1);
    const [row] = await t.db.db.select().from(schema.ivrVersions).where(eq(schema.ivrVersions.id, v1));
    expect(row).toMatchObject({
      accountId: user.accountId,
      version: 1,
      publishedBy: user.id,
      note: "First menus",
    });
    expect(row?.snapshot.menus.map((m) => [m.id, m.greetingTts, m.options.length])).toEqual([
      [main.id, "Version one greeting.", 1],
    ]);
    const [live] = await t.db.db
      .select()
      .from(schema.ivrLiveVersions)
      .where(eq(schema.ivrLiveVersions.accountId, user.accountId));
    expect(live?.versionId).toBe(v1);
    expect(await draft()).toEqual({ liveVersionId: v1, liveVersion: 1, hasUnpublishedChanges: false });
    const [listed] = await versions();
    expect(listed).toMatchObject({
      id: v1,
      version: 1,
      live: true,
      note: "First menus",
      publishedBy: { id: user.id, email: user.email },
    });
    const spoken = await call(["1"]);
    expect(spoken).toContain("Version one greeting.");
    expect(spoken).toContain("One.");
  });

  it("reads a version's snapshot", async () => {
    const version = await api<{ snapshot: { menus: { id: string; name: string }[] } }>(
      t,
      session,
      "GET",
      `/api/ivr-menus/versions/${v1}`,
      200,
    );
    expect(version).toMatchObject({ id: v1, version: 1, live: true });
    expect(version.snapshot.menus.map((m) => m.name)).toEqual(["Main"]);
  });

  it("a call in progress finishes on the version it started with; the next call gets the new one", async () => {
    // The call enters the menu of version 1…
    const answer = await carrierPost(t, "/twilio/voice", { From: CALLER, To: LINE, CallSid: "CAversions1" });
    expect(answer.body).toContain("Version one greeting.");
    const gather = gatherPathOf(answer.body, t.app.deps.carrier.webhookBaseUrl);
    expect(new URLSearchParams(gather.split("?")[1]).get("v")).toBe(v1);

    // …version 2 is published while it listens…
    await api(
      t,
      session,
      "PUT",
      `/api/ivr-menus/${main.id}`,
      200,
      menuBody("Main", "Version two greeting.", [
        { keyPress: "1", action: "play_message", destination: "Two." },
      ]),
    );
    expect((await draft()).hasUnpublishedChanges).toBe(true);
    v2 = (await publish()).id;

    // …and its key press is answered from version 1.
    const pressed = await carrierPost(t, gather, {
      From: CALLER,
      To: LINE,
      CallSid: "CAversions1",
      Digits: "1",
    });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain("One.");
    expect(pressed.body).toContain("Version one greeting.");
    expect(pressed.body).not.toContain("Two.");

    const spoken = await call(["1"]);
    expect(spoken).toContain("Version two greeting.");
    expect(spoken).toContain("Two.");
  });

  it("lists versions newest first, the live one marked", async () => {
    expect((await versions()).map((v) => [v.version, v.live])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it("diffs two versions per menu, in words", async () => {
    const diff = await api<{
      identical: boolean;
      menus: { menuId: string; change: string; summary: string[] }[];
    }>(t, session, "GET", `/api/ivr-menus/versions/diff?from=${v1}&to=${v2}`, 200);
    expect(diff.identical).toBe(false);
    expect(diff.menus).toEqual([
      expect.objectContaining({
        menuId: main.id,
        change: "changed",
        summary: [
          "Greeting text changed from “Version one greeting.” to “Version two greeting.”",
          "Key 1 changed: play the message “One.” → play the message “Two.”",
        ],
      }),
    ]);
    const same = await api<{ identical: boolean }>(
      t,
      session,
      "GET",
      "/api/ivr-menus/versions/diff?from=draft&to=live",
      200,
    );
    expect(same.identical).toBe(true);
  });

  it("diffs the draft against live: an added menu and a removed key", async () => {
    await api(t, session, "POST", "/api/ivr-menus", 201, menuBody("Sales", "Sales here."));
    await api(t, session, "PUT", `/api/ivr-menus/${main.id}`, 200, menuBody("Main", "Version two greeting."));
    const diff = await api<{ menus: { name: string; change: string; summary: string[] }[] }>(
      t,
      session,
      "GET",
      "/api/ivr-menus/versions/diff?from=live&to=draft",
      200,
    );
    // Both menus were made at the test clock's one instant: compared by name.
    const byName = diff.menus
      .map((m) => [m.name, m.change, m.summary])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byName).toEqual([
      ["Main", "changed", ["Key 1 removed (play the message “Two.”)"]],
      ["Sales", "added", ["Menu “Sales” added"]],
    ]);
  });

  it("rolls back to version 1 in one step: a new live version, the draft reset to it, the next call follows it", async () => {
    const rolled = await api<{ id: string; version: number }>(
      t,
      session,
      "POST",
      `/api/ivr-menus/versions/${v1}/rollback`,
      201,
    );
    expect(rolled.version).toBe(3);
    const [latest] = await versions();
    expect(latest).toMatchObject({ id: rolled.id, version: 3, live: true, note: "Rolled back to version 1" });
    expect(await draft()).toEqual({ liveVersionId: rolled.id, liveVersion: 3, hasUnpublishedChanges: false });
    // The draft is version 1 again: Sales (added since) is gone, Main has its first greeting.
    const menus = await t.db.db
      .select()
      .from(schema.ivrMenus)
      .where(eq(schema.ivrMenus.accountId, user.accountId));
    expect(menus.map((m) => [m.id, m.greetingTts])).toEqual([[main.id, "Version one greeting."]]);
    const identical = await api<{ identical: boolean }>(
      t,
      session,
      "GET",
      `/api/ivr-menus/versions/diff?from=${v1}&to=${rolled.id}`,
      200,
    );
    expect(identical.identical).toBe(true);
    const spoken = await call(["1"]);
    expect(spoken).toContain("Version one greeting.");
    expect(spoken).toContain("One.");
  });
});
