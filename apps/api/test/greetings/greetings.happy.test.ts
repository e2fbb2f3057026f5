import type { CarrierSim } from "@poundline/carrier-sim";
import type { GreetingView } from "@poundline/contracts/greetings/schemas";
import { CALL_MESSAGES } from "@poundline/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addExtension, addNumber, routingBody, wavBytes } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { findTwimlValidator } from "../scenarios/twiml-xsd";
import { greetingRow, greetingRows, served } from "./helpers";

const LINE = "+13055550170";
// Monday 2026-11-23 10:00 in New York (open), and the Saturday after (closed).
const MONDAY = new Date("2026-11-23T15:00:00Z");
const SATURDAY = new Date("2026-11-28T15:00:00Z");
let now = MONDAY;
let t: TestApp;
let sim: CarrierSim;
let user: TestUser;
let session: SignedIn;
let numberId: string;
let desk: string;
const twiml = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  user = await createUser(t);
  session = await signIn(t, user);
  numberId = await addNumber(t, user.accountId, LINE);
  // Nobody answers the desk: its calls go to its voicemail.
  desk = await addExtension(t, user.accountId, 101, []);
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());

async function send(method: "PUT" | "POST" | "DELETE", url: string, payload?: unknown, audio = false) {
  const res = await t.app.inject({
    method,
    url,
    headers: audio ? { ...session.headers, "content-type": "audio/wav" } : session.headers,
    ...(payload !== undefined ? { payload: payload as string } : {}),
  });
  await t.app.deps.routing.reload();
  return res;
}

async function call() {
  const transcript = await sim.placeCall({ from: "+13055551234", to: LINE });
  await sim.idle();
  for (const w of transcript.webhooks)
    if (w.status === 200 && w.body.includes("<Response")) twiml.add(w.body);
  return transcript;
}

describe("greetings: happy paths", () => {
  it("a number's voicemail greeting said by text to speech, in its voice", async () => {
    const res = await send("PUT", `/api/call-routing/${numberId}/greetings/voicemail`, {
      text: "You have reached Ana's office. Leave a message.",
      voice: "Polly.Joanna",
      language: "en-US",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GreetingView>()).toMatchObject({ kind: "tts", slot: "voicemail", numberId });
    expect(await greetingRow(t, numberId, "voicemail")).toMatchObject({
      kind: "tts",
      ttsText: "You have reached Ana's office. Leave a message.",
      voice: "Polly.Joanna",
      audioUrl: null,
    });
    const transcript = await call();
    expect(transcript.spoken).toContain("You have reached Ana's office. Leave a message.");
    expect(transcript.spoken).not.toContain(CALL_MESSAGES.voicemailGreeting);
  });

  it("an uploaded recording replaces it: stored, served, played; the list shows it", async () => {
    const res = await send(
      "POST",
      `/api/call-routing/${numberId}/greetings/voicemail/audio`,
      wavBytes(),
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<GreetingView>().audioUrl as string;
    expect(url).toMatch(/\/media\/greetings\/acct_[a-z0-9]+\/num_[a-z0-9]+_voicemail_[a-f0-9]{32}\.wav$/);
    expect(await greetingRow(t, numberId, "voicemail")).toMatchObject({
      kind: "audio",
      ttsText: null,
      audioUrl: url,
    });
    expect(await served(t, url)).toBe(200);
    const transcript = await call();
    expect(transcript.played).toContain(url);

    const list = await t.app.inject({ method: "GET", url: "/api/greetings", headers: session.headers });
    expect(list.json().items).toEqual([expect.objectContaining({ numberId, kind: "audio", audioUrl: url })]);
  });

  it("replacing a recording by words removes the stored file", async () => {
    const before = (await greetingRow(t, numberId, "voicemail"))?.audioUrl as string;
    const res = await send("PUT", `/api/call-routing/${numberId}/greetings/voicemail`, {
      text: "Back soon.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ voice: "man", language: "en-US" });
    expect(await served(t, before)).toBe(404);
  });

  it("the after-hours greeting plays before the after-hours destination, and only after hours", async () => {
    const routing = await send(
      "PUT",
      `/api/call-routing/${numberId}`,
      routingBody({ afterHoursDestination: { type: "extension", target: desk } }),
    );
    expect(routing.statusCode, routing.body).toBe(200);
    const res = await send(
      "POST",
      `/api/call-routing/${numberId}/greetings/after_hours/audio`,
      wavBytes(),
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<GreetingView>().audioUrl as string;
    now = SATURDAY;
    try {
      const closed = await call();
      expect(closed.played[0]).toBe(url);
      // Then the desk's voicemail (nobody to ring), in its default words.
      expect(closed.spoken).toContain(CALL_MESSAGES.extensionVoicemail("Ext 101"));
    } finally {
      now = MONDAY;
    }
    const open = await call();
    expect(open.played).not.toContain(url);
  });

  it("an extension's voicemail greeting: words, then a recording, then removed (the file with it)", async () => {
    const routing = await send(
      "PUT",
      `/api/call-routing/${numberId}`,
      routingBody({ businessHoursDestination: { type: "extension", target: desk } }),
    );
    expect(routing.statusCode, routing.body).toBe(200);
    const said = await send("PUT", `/api/extensions/${desk}/greeting`, { text: "The desk is closed." });
    expect(said.statusCode, said.body).toBe(200);
    expect((await call()).spoken).toContain("The desk is closed.");

    const upload = await send("POST", `/api/extensions/${desk}/greeting/audio`, wavBytes(), true);
    expect(upload.statusCode, upload.body).toBe(200);
    const url = upload.json<GreetingView>().audioUrl as string;
    expect(await greetingRows(t, { extensionId: desk })).toEqual([
      expect.objectContaining({ kind: "audio", audioUrl: url, slot: "voicemail" }),
    ]);
    expect((await call()).played).toContain(url);

    const removed = await send("DELETE", `/api/extensions/${desk}/greeting`);
    expect(removed.statusCode).toBe(204);
    expect(await greetingRows(t, { extensionId: desk })).toEqual([]);
    expect(await served(t, url)).toBe(404);
    expect((await call()).spoken).toContain(CALL_MESSAGES.extensionVoicemail("Ext 101"));
  });

  it("removing a number's greeting brings back the built-in words", async () => {
    const res = await send("DELETE", `/api/call-routing/${numberId}/greetings/voicemail`);
    expect(res.statusCode).toBe(204);
    expect(await greetingRow(t, numberId, "voicemail")).toBeUndefined();
    // Removing nothing is fine too.
    expect((await send("DELETE", `/api/call-routing/${numberId}/greetings/voicemail`)).statusCode).toBe(204);
  });

  it("deleting an extension removes its greeting's recording", async () => {
    const other = await addExtension(t, user.accountId, 109, []);
    const upload = await send("POST", `/api/extensions/${other}/greeting/audio`, wavBytes(), true);
    const url = upload.json<GreetingView>().audioUrl as string;
    expect(await served(t, url)).toBe(200);
    expect((await send("DELETE", `/api/extensions/${other}`)).statusCode).toBe(204);
    expect(await greetingRows(t, { extensionId: other })).toEqual([]);
    expect(await served(t, url)).toBe(404);
  });

  const validator = findTwimlValidator();
  it.skipIf(!validator.ok && !process.env.CI)(
    "the TwiML these calls got is valid against the carrier's XSD",
    async () => {
      if (!validator.ok) throw new Error(validator.reason);
      expect(twiml.size).toBeGreaterThan(0);
      const invalid = await validator.validate(new Map([...twiml].map((x) => [x, "greeting"])));
      expect(invalid, invalid.join("\n\n")).toEqual([]);
    },
  );
});
