import { NOT_AUDIO_MESSAGE } from "@poundline/contracts/call-routing/schemas";
import { IVR_MESSAGES } from "@poundline/contracts/ivr/schemas";
import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addExtension, addNumber, routingBody } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let other: SignedIn;
let menuId: string;
let otherMenu: string;
let otherExtension: string;

async function create(s: SignedIn, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: "POST", url: "/api/ivr-menus", headers: s.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  user = await createUser(t);
  session = await signIn(t, user);
  const otherUser = await createUser(t);
  other = await signIn(t, otherUser);
  menuId = await create(session, { name: "Main", options: [{ keyPress: "1", action: "hangup" }] });
  otherMenu = await create(other, { name: "Theirs" });
  otherExtension = await addExtension(t, otherUser.accountId, 201);
});
afterAll(() => t.close());

const option = (over: Record<string, unknown>) => ({ name: "Menu", options: [{ keyPress: "1", ...over }] });

describe("IVR menus: bad input", () => {
  it.each([
    ["no name", { name: "" }, "body.name", IVR_MESSAGES.name],
    ["a blank name", { name: "   " }, "body.name", IVR_MESSAGES.name],
    ["timeout 2", { name: "M", timeoutSeconds: 2 }, "body.timeoutSeconds", IVR_MESSAGES.timeout],
    ["timeout 31", { name: "M", timeoutSeconds: 31 }, "body.timeoutSeconds", IVR_MESSAGES.timeout],
    ["timeout 4.5", { name: "M", timeoutSeconds: 4.5 }, "body.timeoutSeconds", IVR_MESSAGES.timeout],
    ["max invalid 0", { name: "M", maxInvalidInputs: 0 }, "body.maxInvalidInputs", IVR_MESSAGES.maxInvalid],
    ["max invalid 6", { name: "M", maxInvalidInputs: 6 }, "body.maxInvalidInputs", IVR_MESSAGES.maxInvalid],
    ["an unknown timeout action", { name: "M", timeoutAction: "extension" }, "body.timeoutAction", null],
    [
      "a voice the carrier does not have",
      { name: "M", greetingVoice: "Robot" },
      "body.greetingVoice",
      IVR_MESSAGES.voice,
    ],
    [
      "a Google voice (not in the schema)",
      { name: "M", greetingVoice: "Google.en-US-Standard-A" },
      "body.greetingVoice",
      IVR_MESSAGES.voice,
    ],
    ["a voice that is not text", { name: "M", greetingVoice: 3 }, "body.greetingVoice", IVR_MESSAGES.voice],
    [
      "a language the carrier does not have",
      { name: "M", greetingLanguage: "xx-XX" },
      "body.greetingLanguage",
      IVR_MESSAGES.language,
    ],
    [
      "a key of two characters",
      option({ keyPress: "12", action: "hangup" }),
      "body.options.0.keyPress",
      IVR_MESSAGES.key,
    ],
    ["a key A", option({ keyPress: "A", action: "hangup" }), "body.options.0.keyPress", IVR_MESSAGES.key],
    ["an unknown option action", option({ action: "forward" }), "body.options.0.action", null],
    [
      "two options on one key",
      {
        name: "M",
        options: [
          { keyPress: "1", action: "hangup" },
          { keyPress: "1", action: "repeat" },
        ],
      },
      "body.options.1.keyPress",
      IVR_MESSAGES.keyTwice,
    ],
    [
      "a menu option without destination",
      option({ action: "ivr_menu" }),
      "body.options.0.destination",
      IVR_MESSAGES.destinationRequired,
    ],
    [
      "an extension option without destination",
      option({ action: "extension" }),
      "body.options.0.destination",
      IVR_MESSAGES.destinationRequired,
    ],
    [
      "a message option without text",
      option({ action: "play_message" }),
      "body.options.0.destination",
      IVR_MESSAGES.message,
    ],
    [
      "a menu that does not exist",
      option({ action: "ivr_menu", destination: "ivr_nothere" }),
      "body.options.0.destination",
      IVR_MESSAGES.menuMissing,
    ],
    [
      "an extension that does not exist",
      option({ action: "extension", destination: "ext_nothere" }),
      "body.options.0.destination",
      IVR_MESSAGES.extensionMissing,
    ],
    [
      "a timeout into no menu",
      { name: "M", timeoutAction: "ivr_menu" },
      "body.timeoutActionDestination",
      IVR_MESSAGES.destinationRequired,
    ],
    [
      "invalid input into a missing menu",
      { name: "M", invalidInputAction: "ivr_menu", invalidInputActionDestination: "ivr_gone" },
      "body.invalidInputActionDestination",
      IVR_MESSAGES.menuMissing,
    ],
  ] as const)("%s: 400 on the field, nothing saved", async (_label, payload, field, message) => {
    const before = await t.db.db.select().from(schema.ivrMenus);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ivr-menus",
      headers: session.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().error.fields ?? {};
    expect(fields[field], JSON.stringify(fields)).toBeDefined();
    if (message) expect(fields[field]).toContain(message);
    expect(await t.db.db.select().from(schema.ivrMenus)).toHaveLength(before.length);
  });

  it.each([
    [
      "an option",
      { name: "Main", options: [{ keyPress: "1", action: "ivr_menu", destination: "SELF" }] },
      "body.options.0.destination",
    ],
    [
      "the timeout",
      { name: "Main", timeoutAction: "ivr_menu", timeoutActionDestination: "SELF" },
      "body.timeoutActionDestination",
    ],
  ])("%s pointing at its own menu is refused, the menu unchanged", async (_label, payload, field) => {
    const body = JSON.parse(JSON.stringify(payload).replace("SELF", menuId));
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/ivr-menus/${menuId}`,
      headers: session.headers,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toEqual([IVR_MESSAGES.self]);
    const options = await t.db.db
      .select()
      .from(schema.ivrOptions)
      .where(eq(schema.ivrOptions.menuId, menuId));
    expect(options.map((o) => o.action)).toEqual(["hangup"]);
  });

  it.each([
    ["menu", () => otherMenu, "ivr_menu", IVR_MESSAGES.menuMissing],
    ["extension", () => otherExtension, "extension", IVR_MESSAGES.extensionMissing],
  ])("another account's %s is no destination", async (_label, id, action, message) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ivr-menus",
      headers: session.headers,
      payload: option({ action, destination: id() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["body.options.0.destination"]).toEqual([message]);
  });
});

describe("IVR menus: greetings", () => {
  it("a recording greeting without an upload is refused", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/ivr-menus/${menuId}`,
      headers: session.headers,
      payload: { name: "Main", greetingType: "recording" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["body.greetingType"]).toEqual([IVR_MESSAGES.recordingMissing]);
    const [row] = await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, menuId));
    expect(row?.greetingType).toBe("tts");
  });

  it("a URL in the body is not taken as the recording", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/ivr-menus/${menuId}`,
      headers: session.headers,
      payload: {
        name: "Main",
        greetingRecordingUrl: "https://evil.example/x.mp3",
        options: [{ keyPress: "1", action: "hangup" }],
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, menuId));
    expect(row?.greetingRecordingUrl).toBeNull();
  });

  it("an upload that is not audio is refused, nothing stored", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/ivr-menus/${menuId}/greeting`,
      headers: { ...session.headers, "content-type": "audio/mpeg" },
      payload: Buffer.from("<html>not audio</html>"),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(NOT_AUDIO_MESSAGE);
    const [row] = await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, menuId));
    expect(row?.greetingType).toBe("tts");
    expect(row?.greetingRecordingUrl).toBeNull();
  });
});

describe("IVR menus: delete refused while something points at it", () => {
  const del = (id: string) =>
    t.app.inject({ method: "DELETE", url: `/api/ivr-menus/${id}`, headers: session.headers });
  const exists = async (id: string) =>
    (await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, id))).length === 1;

  it("another menu's option", async () => {
    const target = await create(session, { name: "Billing" });
    await create(session, {
      name: "Front",
      options: [{ keyPress: "3", action: "ivr_menu", destination: target }],
    });
    const res = await del(target);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This menu is used by IVR menu "Front" (option 3).');
    expect(await exists(target)).toBe(true);
  });

  it("a number's destination", async () => {
    const target = await create(session, { name: "Line menu" });
    const numberId = await addNumber(t, user.accountId, "+13055550190");
    const routed = await t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${numberId}`,
      headers: session.headers,
      payload: routingBody({ afterHoursDestination: { type: "ivr_menu", target } }),
    });
    expect(routed.statusCode, routed.body).toBe(200);
    const res = await del(target);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("This menu is used by +13055550190 (after hours destination).");
    expect(await exists(target)).toBe(true);
  });

  it("a geo rule of a shared number", async () => {
    const target = await create(session, { name: "Geo menu" });
    const sharedId = newId("sharedNumber");
    await t.db.db
      .insert(schema.sharedNumbers)
      .values({ id: sharedId, poundCode: "#4IVR", e164: "+18005550199" });
    await t.db.db.insert(schema.geoRules).values({
      id: newId("geoRule"),
      sharedNumberId: sharedId,
      accountId: user.accountId,
      locationType: "state",
      locationValue: "FL",
      targetAccountId: user.accountId,
      ivrMenuId: target,
    });
    const res = await del(target);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("This menu is used by #4IVR geo rule (state FL).");
    expect(await exists(target)).toBe(true);
  });
});
