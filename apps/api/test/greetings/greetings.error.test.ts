import { GREETING_MESSAGES } from "@poundline/contracts/greetings/schemas";
import { schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addExtension, addNumber } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { greetingRows } from "./helpers";

let t: TestApp;
let session: SignedIn;
let numberId: string;
let extensionId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  const user = await createUser(t);
  session = await signIn(t, user);
  numberId = await addNumber(t, user.accountId, "+13055550180");
  extensionId = await addExtension(t, user.accountId, 101);
});
afterAll(() => t.close());

const put = (url: string, payload: unknown) =>
  t.app.inject({ method: "PUT", url, headers: session.headers, payload: payload as object });

describe("greetings: bad input answers 400 with the field's message and stores nothing", () => {
  describe.each([
    ["a number's", () => `/api/call-routing/${numberId}/greetings/voicemail`],
    ["an extension's", () => `/api/extensions/${extensionId}/greeting`],
  ])("%s text to speech", (_, url) => {
    it.each<[string, unknown, string, string]>([
      ["no words", { text: "" }, "body.text", GREETING_MESSAGES.text],
      ["blank words", { text: "   " }, "body.text", GREETING_MESSAGES.text],
      ["words not text", { text: 42 }, "body.text", GREETING_MESSAGES.text],
      ["too many words", { text: "a".repeat(2001) }, "body.text", "Must be at most 2000 characters."],
      ["an unknown voice", { text: "Hi.", voice: "robot" }, "body.voice", GREETING_MESSAGES.voice],
      [
        "an unknown language",
        { text: "Hi.", language: "xx-XX" },
        "body.language",
        GREETING_MESSAGES.language,
      ],
    ])("%s", async (_, body, field, message) => {
      const res = await put(url(), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toContain(message);
      expect(await greetingRows(t, { numberId })).toEqual([]);
      expect(await greetingRows(t, { extensionId })).toEqual([]);
    });
  });

  it("a slot that is not a greeting's", async () => {
    const res = await put(`/api/call-routing/${numberId}/greetings/holiday`, { text: "Hi." });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["params.slot"]).toContain(GREETING_MESSAGES.slot);
  });

  it.each([
    ["a number's", () => `/api/call-routing/${numberId}/greetings/after_hours/audio`],
    ["an extension's", () => `/api/extensions/${extensionId}/greeting/audio`],
  ])("%s upload that is not audio (a web page named .wav)", async (_, url) => {
    const res = await t.app.inject({
      method: "POST",
      url: url(),
      headers: { ...session.headers, "content-type": "audio/wav" },
      payload: Buffer.from("<html><body>not a recording</body></html>"),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.body).toEqual(["The file is not an audio recording (MP3, WAV or AIFF)."]);
    expect(await greetingRows(t, { numberId })).toEqual([]);
    expect(await greetingRows(t, { extensionId })).toEqual([]);
  });

  it("a number or extension that does not exist is 404", async () => {
    expect((await put("/api/call-routing/num_nothere/greetings/voicemail", { text: "Hi." })).statusCode).toBe(
      404,
    );
    expect((await put("/api/extensions/ext_nothere/greeting", { text: "Hi." })).statusCode).toBe(404);
    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/extensions/ext_nothere/greeting",
      headers: session.headers,
    });
    expect(removed.statusCode).toBe(404);
  });

  it.each([
    ["not a number", "call me maybe"],
    ["too short", "123"],
  ])("record by phone to a phone that is %s", async (_, phone) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/call-routing/${numberId}/greetings/voicemail/phone-call`,
      headers: session.headers,
      payload: { phone },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["body.phone"]).toContain(GREETING_MESSAGES.phone);
    expect(await t.db.db.select().from(schema.greetingCalls)).toEqual([]);
  });

  it("record by phone from an account without a number to call from", async () => {
    const other = await createUser(t);
    const otherSession = await signIn(t, other);
    const extension = await addExtension(t, other.accountId, 101);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/extensions/${extension}/greeting/phone-call`,
      headers: otherSession.headers,
      payload: { phone: "+13055550142" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["body.phone"]).toContain(GREETING_MESSAGES.noNumber);
    expect(await t.db.db.select().from(schema.greetingCalls)).toEqual([]);
  });

  it("a greeting call that does not exist is 404; a malformed id is 400", async () => {
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/greeting-calls/grc_nothere",
      headers: session.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(GREETING_MESSAGES.callNotFound);
    const malformed = await t.app.inject({
      method: "GET",
      url: "/api/greeting-calls/nope",
      headers: session.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
