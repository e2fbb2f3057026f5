import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addExtension, addNumber, routingBody, routingRow } from "./helpers";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let numberId: string;
let silent: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
  numberId = await addNumber(t, user.accountId, "+13055550180");
  // An extension that rings nobody and takes no messages.
  silent = await addExtension(t, user.accountId, 150, [], false);
});
afterAll(() => t.close());

const put = (payload: unknown, id = numberId) =>
  t.app.inject({
    method: "PUT",
    url: `/api/call-routing/${id}`,
    headers: session.headers,
    payload: payload as object,
  });

const hours = routingBody().businessHours as Record<string, unknown>;

describe("call routing: bad input is a 400 with the field's message, nothing stored", () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    [
      "ring timeout below 5",
      { ringTimeoutSeconds: 4 },
      "body.ringTimeoutSeconds",
      "Ring timeout must be between 5 and 120 seconds.",
    ],
    [
      "ring timeout above 120",
      { ringTimeoutSeconds: 121 },
      "body.ringTimeoutSeconds",
      "Ring timeout must be between 5 and 120 seconds.",
    ],
    [
      "ring timeout not whole",
      { ringTimeoutSeconds: 30.5 },
      "body.ringTimeoutSeconds",
      "Ring timeout must be between 5 and 120 seconds.",
    ],
    [
      "announcements more often than the music can play",
      { queueAnnounceSeconds: -1 },
      "body.queueAnnounceSeconds",
      "Announce the place in line every 0 (never) to 600 seconds.",
    ],
    [
      "a longest wait under a minute",
      { queueMaxWaitSeconds: 30 },
      "body.queueMaxWaitSeconds",
      "The longest wait must be between 60 and 3600 seconds.",
    ],
    ["unknown ring strategy", { ringStrategy: "random" }, "body.ringStrategy", "Choose a ring strategy."],
    ["unknown time zone", { timeZone: "Mars/Olympus" }, "body.timeZone", "Choose a time zone."],
    [
      "a time that is not HH:MM",
      { businessHours: { ...hours, monday: { active: true, start: "9am", end: "17:00" } } },
      "body.businessHours.monday.start",
      "Enter a time (HH:MM).",
    ],
    [
      "an open day that opens and closes at once",
      { businessHours: { ...hours, monday: { active: true, start: "09:00", end: "09:00" } } },
      "body.businessHours.monday.end",
      "Opening and closing times must differ.",
    ],
    ["unknown music", { holdMusic: "polka" }, "body.holdMusic", "Choose the music on hold."],
    [
      "custom music before any upload",
      { holdMusic: "custom" },
      "body.holdMusic",
      "Upload a recording for custom music on hold.",
    ],
    [
      "a menu destination without a menu",
      { businessHoursDestination: { type: "ivr_menu" } },
      "body.businessHoursDestination.target",
      "Choose an IVR menu.",
    ],
    [
      "a forward to something not a number",
      { afterHoursDestination: { type: "forward", target: "call me" } },
      "body.afterHoursDestination.target",
      "Enter a phone number in E.164 format, e.g. +15551234567.",
    ],
    [
      "an empty ring group",
      { businessHoursDestination: { type: "ring_group", ringGroup: [] } },
      "body.businessHoursDestination.ringGroup",
      "Choose at least one extension.",
    ],
    [
      "a ring group of 51",
      {
        businessHoursDestination: {
          type: "ring_group",
          ringGroup: Array.from({ length: 51 }, (_, i) => `ext_${i}`),
        },
      },
      "body.businessHoursDestination.ringGroup",
      "At most 50 extensions and people.",
    ],
    [
      "a holiday that is not a date",
      { holidays: [{ date: "2026-02-30", destination: { type: "voicemail" } }] },
      "body.holidays.0.date",
      "Enter a date (YYYY-MM-DD).",
    ],
    [
      "a holiday ringing a group",
      { holidays: [{ date: "2026-12-25", destination: { type: "ring_group", ringGroup: ["ext_x"] } }] },
      "body.holidays.0.destination.type",
      "A holiday cannot ring a group: choose a menu, an extension, voicemail or a number.",
    ],
    [
      "the same holiday twice",
      {
        holidays: [
          { date: "2026-12-25", destination: { type: "voicemail" } },
          { date: "2026-12-25", destination: { type: "hangup" } },
        ],
      },
      "body.holidays",
      "Each date only once.",
    ],
  ])("%s", async (_name, change, field, message) => {
    const res = await put(routingBody(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields?.[field]).toContain(message);
    expect(await routingRow(t, numberId)).toBeUndefined();
  });

  it.each([
    ["a body that is not an object", [1, 2]],
    ["a missing field", { ringStrategy: "simultaneous" }],
  ])("%s", async (_name, payload) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
  });
});

describe("call routing: the routing validator refuses a save that routes calls at nothing", () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      "a menu that does not exist",
      { businessHoursDestination: { type: "ivr_menu", target: "ivr_gone" } },
      "+13055550180: the business hours destination points at an IVR menu that does not exist.",
    ],
    [
      "an extension that does not exist",
      { afterHoursDestination: { type: "extension", target: "ext_gone" } },
      "+13055550180: the after hours destination points at an extension that does not exist.",
    ],
    [
      "a ring group with a missing member",
      { businessHoursDestination: { type: "ring_group", ringGroup: ["ext_gone"] } },
      "+13055550180: the business hours destination rings an extension that does not exist.",
    ],
    [
      "a holiday to a missing menu",
      { holidays: [{ date: "2026-12-25", destination: { type: "ivr_menu", target: "ivr_gone" } }] },
      "+13055550180: the holiday 2026-12-25 destination points at an IVR menu that does not exist.",
    ],
  ])("%s", async (_name, change, reason) => {
    const res = await put(routingBody(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(reason);
    expect(await routingRow(t, numberId)).toBeUndefined();
  });

  it("a number left unroutable (nobody rung, voicemail off) is refused with the reason", async () => {
    const res = await put(
      routingBody({
        voicemailEnabled: false,
        businessHoursDestination: { type: "extension", target: silent },
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(
      "+13055550180 cannot be reached in business hours: nobody is rung and voicemail is off.",
    );
    expect(await routingRow(t, numberId)).toBeUndefined();
  });
});

describe("hold music upload: only audio", () => {
  it.each([
    ["a PNG image", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), "audio/mpeg"],
    ["text", Buffer.from("this is not music"), "application/octet-stream"],
    ["nothing", Buffer.alloc(0), "audio/wav"],
  ])("%s is refused by its bytes", async (_name, payload, type) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/call-routing/${numberId}/hold-music`,
      headers: { ...session.headers, "content-type": type },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe("The file is not an audio recording (MP3, WAV or AIFF).");
    expect(await routingRow(t, numberId)).toBeUndefined();
  });

  it("a file over 5 MB is refused", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/call-routing/${numberId}/hold-music`,
      headers: { ...session.headers, "content-type": "audio/mpeg" },
      payload: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff),
    });
    expect(res.statusCode).toBe(413);
  });

  it("a served file that does not exist is a 404", async () => {
    const res = await t.app.inject({ method: "GET", url: `/media/hold-music/${user.accountId}/num_x_0.mp3` });
    expect(res.statusCode).toBe(404);
    const odd = await t.app.inject({
      method: "GET",
      url: `/media/hold-music/${user.accountId}/..%2F..%2Fsecret.mp3`,
    });
    expect(odd.statusCode).toBe(400);
  });
});
