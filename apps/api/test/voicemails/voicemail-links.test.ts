import { VOICEMAIL_LINK_EXPIRED_MESSAGE } from "@poundline/contracts/voicemails/schemas";
import { createVoicemailLink } from "@poundline/modules/voicemails/links";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type TestUser } from "../fixtures";
import { addVoicemail, temporaryRecordings } from "./voicemail-fixtures";

/** The link a voicemail e-mail carries when the audio is too large to attach: no session needed. */

const recordings = temporaryRecordings();
const AUDIO = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ storage: recordings.storage });
  user = await createUser(t);
});
afterAll(() => t.close());

async function linked(options: { audio?: Uint8Array; made?: Date } = {}) {
  const id = await addVoicemail(t, recordings.storage, {
    accountId: user.accountId,
    from: "+13125550142",
    at: new Date(),
    ...("audio" in options ? { audio: options.audio } : { audio: AUDIO }),
  });
  const { token } = await createVoicemailLink(
    t.db.db,
    { id, accountId: user.accountId },
    options.made ?? new Date(),
  );
  return `/api/voicemail-links/${token}/audio`;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("a voicemail's link", () => {
  it("plays the recording without signing in, with range requests", async () => {
    const url = await linked();
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/wav");
    expect(whole.headers["cache-control"]).toBe("private, no-store");
    expect(new Uint8Array(whole.rawPayload)).toEqual(AUDIO);
    const part = await get(url, { range: "bytes=0-99" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe("bytes 0-99/1000");
    expect(new Uint8Array(part.rawPayload)).toEqual(AUDIO.slice(0, 100));
  });

  it.each([
    ["expired", () => linked({ made: new Date(Date.now() - 8 * 24 * 3600 * 1000) })],
    ["never made", async () => `/api/voicemail-links/${"a".repeat(32)}/audio`],
    ["for a recording not stored yet", () => linked({ audio: undefined })],
  ])("%s: 404 with the link's message", async (_, url) => {
    const res = await get(await url());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(VOICEMAIL_LINK_EXPIRED_MESSAGE);
  });

  it("a malformed token is 400 on the field", async () => {
    const res = await get("/api/voicemail-links/not-a-token/audio");
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["params.token"]);
  });
});
