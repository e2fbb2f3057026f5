import type { CarrierSim } from "@poundline/carrier-sim";
import type { IvrMenuView } from "@poundline/contracts/ivr/schemas";
import { schema } from "@poundline/db";
import { IVR_DEFAULTS } from "@poundline/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addExtension, addNumber, routingBody, wavBytes } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

const LINE = "+13055550180";
// Monday 2026-11-23 10:00 in New York: business hours.
const now = new Date("2026-11-23T15:00:00Z");
let t: TestApp;
let sim: CarrierSim;
let user: TestUser;
let session: SignedIn;
let numberId: string;
let desk: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  user = await createUser(t);
  session = await signIn(t, user);
  numberId = await addNumber(t, user.accountId, LINE);
  desk = await addExtension(t, user.accountId, 101, ["+13055550101"]);
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());

async function send(method: "POST" | "PUT", url: string, payload: Record<string, unknown>, status: number) {
  const res = await t.app.inject({ method, url, headers: session.headers, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<IvrMenuView>();
}

/** Publishes the draft: calls follow published menus only. */
async function publish() {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/ivr-menus/publish",
    headers: session.headers,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function stored(id: string) {
  const [menu] = await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, id));
  const options = await t.db.db
    .select()
    .from(schema.ivrOptions)
    .where(eq(schema.ivrOptions.menuId, id))
    .orderBy(asc(schema.ivrOptions.keyPress));
  return { menu, options };
}

describe("IVR menus: happy path", () => {
  let main: IvrMenuView;
  let sales: IvrMenuView;

  it("lists nothing before a menu is saved", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ivr-menus", headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it("creates a menu with the seed's defaults from a name alone", async () => {
    sales = await send("POST", "/api/ivr-menus", { name: "Sales" }, 201);
    const { menu, options } = await stored(sales.id);
    expect(menu).toMatchObject({
      accountId: user.accountId,
      name: "Sales",
      greetingType: "tts",
      greetingTts: IVR_DEFAULTS.greetingTts,
      greetingVoice: "man",
      greetingLanguage: "en-US",
      timeoutSeconds: 10,
      timeoutAction: "repeat",
      invalidInputAction: "repeat",
      maxInvalidInputs: 3,
    });
    expect(options).toEqual([]);
  });

  it("creates a menu with every field and options, destinations checked in the account", async () => {
    main = await send(
      "POST",
      "/api/ivr-menus",
      {
        name: "Main",
        description: "Front door",
        greetingTts: "Welcome to Acme. Press 1 for sales, 2 for the desk.",
        timeoutSeconds: 30,
        timeoutAction: "ivr_menu",
        timeoutActionDestination: sales.id,
        invalidInputAction: "hangup",
        // Dropped: hangup names nothing.
        invalidInputActionDestination: "ignored",
        maxInvalidInputs: 5,
        options: [
          { keyPress: "1", action: "ivr_menu", destination: sales.id, description: "Sales" },
          { keyPress: "2", action: "extension", destination: desk },
          { keyPress: "*", action: "play_message", destination: "We are open nine to five." },
          { keyPress: "#", action: "hangup" },
          { keyPress: "0", action: "operator" },
          { keyPress: "9", action: "repeat" },
          { keyPress: "8", action: "voicemail" },
        ],
      },
      201,
    );
    const { menu, options } = await stored(main.id);
    expect(menu).toMatchObject({
      description: "Front door",
      timeoutSeconds: 30,
      timeoutAction: "ivr_menu",
      timeoutActionDestination: sales.id,
      invalidInputAction: "hangup",
      invalidInputActionDestination: null,
      maxInvalidInputs: 5,
    });
    expect(options.map((o) => [o.keyPress, o.action, o.destination, o.accountId])).toEqual([
      ["#", "hangup", null, user.accountId],
      ["*", "play_message", "We are open nine to five.", user.accountId],
      ["0", "operator", null, user.accountId],
      ["1", "ivr_menu", sales.id, user.accountId],
      ["2", "extension", desk, user.accountId],
      ["8", "voicemail", null, user.accountId],
      ["9", "repeat", null, user.accountId],
    ]);
  });

  it("gets and lists the menus with what uses them", async () => {
    const got = await t.app.inject({
      method: "GET",
      url: `/api/ivr-menus/${sales.id}`,
      headers: session.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.json().usedBy).toEqual(['IVR menu "Main" (timeout, option 1)']);
    const list = await t.app.inject({ method: "GET", url: "/api/ivr-menus", headers: session.headers });
    expect(list.json().items.map((m: IvrMenuView) => m.name)).toEqual(["Sales", "Main"]);
  });

  it("updates a menu: fields and the whole option list replaced", async () => {
    await send(
      "PUT",
      `/api/ivr-menus/${main.id}`,
      {
        name: "Main line",
        timeoutSeconds: 3,
        maxInvalidInputs: 1,
        options: [{ keyPress: "1", action: "extension", destination: desk }],
      },
      200,
    );
    const { menu, options } = await stored(main.id);
    expect(menu).toMatchObject({
      name: "Main line",
      timeoutSeconds: 3,
      maxInvalidInputs: 1,
      timeoutAction: "repeat",
    });
    expect(options.map((o) => [o.keyPress, o.action, o.destination])).toEqual([["1", "extension", desk]]);
  });

  it("a saved menu is a draft: the next simulated call follows it once published", async () => {
    const routed = await t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${numberId}`,
      headers: session.headers,
      payload: routingBody({ businessHoursDestination: { type: "ivr_menu", target: main.id } }),
    });
    expect(routed.statusCode, routed.body).toBe(200);
    await send(
      "PUT",
      `/api/ivr-menus/${main.id}`,
      {
        name: "Main line",
        greetingTts: "Hello from the saved menu.",
        options: [{ keyPress: "5", action: "play_message", destination: "Our address is 1 Main Street." }],
      },
      200,
    );
    sim.reset();
    const before = await sim.placeCall({ from: "+13055551234", to: LINE, press: ["5", "#"] });
    await sim.idle();
    expect(before.spoken).not.toContain("Hello from the saved menu.");
    await publish();
    const transcript = await sim.placeCall({ from: "+13055551234", to: LINE, press: ["5", "#"] });
    await sim.idle();
    expect(transcript.spoken).toContain("Hello from the saved menu.");
    expect(transcript.spoken).toContain("Our address is 1 Main Street.");
  });

  it("an uploaded greeting is stored, served as audio and played by the next call once published", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/ivr-menus/${main.id}/greeting`,
      headers: { ...session.headers, "content-type": "application/octet-stream" },
      payload: wavBytes(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { menu } = await stored(main.id);
    expect(menu?.greetingType).toBe("recording");
    const url = menu?.greetingRecordingUrl ?? "";
    expect(url).toMatch(/\/media\/ivr-greetings\/acct_[a-z0-9]+\/ivr_[a-z0-9]+_[a-f0-9]{32}\.wav$/);
    const served = await t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("audio/wav");
    // A later save of the form keeps the recording.
    await send("PUT", `/api/ivr-menus/${main.id}`, { name: "Main line", greetingType: "recording" }, 200);
    await publish();
    sim.reset();
    const transcript = await sim.placeCall({ from: "+13055551234", to: LINE, press: ["#"] });
    await sim.idle();
    expect(transcript.played).toContain(url);
  });

  it("lists the carrier's voices and languages, the defaults among them", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ivr-menus/voices", headers: session.headers });
    expect(res.statusCode).toBe(200);
    const { voices, languages, defaults } = res.json();
    expect(defaults).toEqual({ voice: "man", language: "en-US" });
    expect(voices).toContainEqual(
      expect.objectContaining({ id: "Polly.Joanna", label: "Joanna (Amazon Polly)" }),
    );
    expect(voices.map((v: { id: string }) => v.id)).toContain("man");
    expect(languages).toContainEqual({ code: "en-GB", label: "British English" });
    expect(voices[0].languages).toContain("en-US");
  });

  it("a greeting's voice and language are stored and spoken by the published menu", async () => {
    const saved = await send(
      "PUT",
      `/api/ivr-menus/${main.id}`,
      { name: "Main line", greetingTts: "Cheerio.", greetingVoice: "Polly.Amy", greetingLanguage: "en-GB" },
      200,
    );
    expect(saved).toMatchObject({ greetingVoice: "Polly.Amy", greetingLanguage: "en-GB" });
    expect((await stored(main.id)).menu).toMatchObject({
      greetingVoice: "Polly.Amy",
      greetingLanguage: "en-GB",
    });
    await publish();
    sim.reset();
    const transcript = await sim.placeCall({ from: "+13055551234", to: LINE, press: ["#"] });
    await sim.idle();
    const greeting = transcript.verbs.find((v) => v.verb === "Say" && v.text === "Cheerio.");
    expect(greeting?.attributes).toMatchObject({ voice: "Polly.Amy", language: "en-GB" });
  });

  it("deletes a menu nothing uses, and its options with it", async () => {
    const spare = await send(
      "POST",
      "/api/ivr-menus",
      { name: "Spare", options: [{ keyPress: "1", action: "hangup" }] },
      201,
    );
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/ivr-menus/${spare.id}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(204);
    const { menu, options } = await stored(spare.id);
    expect(menu).toBeUndefined();
    expect(options).toEqual([]);
  });
});
