import { existsSync } from "node:fs";
import { join } from "node:path";
import type { VoicemailListJson } from "@poundline/contracts/voicemails/schemas";
import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addVoicemail, temporaryRecordings } from "./voicemail-fixtures";

const recordings = temporaryRecordings();
const AUDIO = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));
const day = (d: number, h = 12) => new Date(Date.UTC(2025, 2, d, h));

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ storage: recordings.storage });
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.voicemails);
  await t.db.db.delete(schema.contacts);
});

async function get<T>(url: string) {
  const res = await t.app.inject({ method: "GET", url, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const add = (spec: Partial<Parameters<typeof addVoicemail>[2]> & { from: string; at: Date }) =>
  addVoicemail(t, recordings.storage, { accountId: user.accountId, ...spec });

describe("GET /api/voicemails", () => {
  it("lists newest first with the caller's contact, counts unread, filters and searches", async () => {
    await add({ from: "+15551110001", at: day(1), transcription: "Call me about the roof", status: "read" });
    await add({ from: "+15551110002", at: day(2), transcription: "Invoice question" });
    await add({ from: "+15551110003", at: day(3), transcription: null, audio: AUDIO });
    await t.db.db.insert(schema.contacts).values({
      id: newId("contact"),
      accountId: user.accountId,
      name: "Rita Roofer",
      phone: "+15551110001",
    });

    const all = await get<VoicemailListJson>("/api/voicemails");
    expect(all.total).toBe(3);
    expect(all.unreadCount).toBe(2);
    expect(all.voicemails.map((v) => v.fromNumber)).toEqual(["+15551110003", "+15551110002", "+15551110001"]);
    expect(all.voicemails[0]).toMatchObject({ hasRecording: true, status: "unread", transcription: null });
    expect(all.voicemails[2]).toMatchObject({
      contactName: "Rita Roofer",
      hasRecording: false,
      status: "read",
    });

    const froms = async (query: string) =>
      (await get<VoicemailListJson>(`/api/voicemails?${query}`)).voicemails.map((v) => v.fromNumber);
    expect(await froms("unread=true")).toEqual(["+15551110003", "+15551110002"]);
    expect(await froms("q=rita")).toEqual(["+15551110001"]);
    expect(await froms("q=invoice")).toEqual(["+15551110002"]);
    expect(await froms(`q=${encodeURIComponent("(555) 111-0003")}`)).toEqual(["+15551110003"]);
    expect(await froms("q=roof&unread=true")).toEqual([]);
  });
});

describe("GET /api/voicemails/:id/audio", () => {
  it("answers the whole recording, advertising ranges", async () => {
    const id = await add({ from: "+15551110001", at: day(1), audio: AUDIO });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/voicemails/${id}/audio`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["content-type"]).toBe("audio/wav");
    expect(res.headers["content-length"]).toBe("1000");
    expect(new Uint8Array(res.rawPayload)).toEqual(AUDIO);
  });

  it.each([
    ["bytes=100-199", 100, 199],
    ["bytes=900-", 900, 999],
    ["bytes=-50", 950, 999],
    ["bytes=990-5000", 990, 999],
  ])("answers %s with 206 and Content-Range", async (range, start, end) => {
    const id = await add({ from: "+15551110001", at: day(1), audio: AUDIO });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/voicemails/${id}/audio`,
      headers: { ...session.headers, range },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers["content-length"]).toBe(String(end - start + 1));
    expect(new Uint8Array(res.rawPayload)).toEqual(AUDIO.slice(start, end + 1));
  });

  it("answers 416 to a range past the end", async () => {
    const id = await add({ from: "+15551110001", at: day(1), audio: AUDIO });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/voicemails/${id}/audio`,
      headers: { ...session.headers, range: "bytes=1000-" },
    });
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe("bytes */1000");
  });

  it("answers 404 while the recording is not stored yet", async () => {
    const id = await add({ from: "+15551110001", at: day(1) });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/voicemails/${id}/audio`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("The recording is not available yet.");
  });
});

describe("PATCH and DELETE /api/voicemails/:id", () => {
  it("marks read and unread", async () => {
    const id = await add({ from: "+15551110001", at: day(1) });
    for (const status of ["read", "unread"] as const) {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/voicemails/${id}`,
        headers: session.headers,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status });
      const [row] = await t.db.db.select().from(schema.voicemails).where(eq(schema.voicemails.id, id));
      expect(row?.status).toBe(status);
    }
  });

  it("deletes the voicemail and its stored recording", async () => {
    const id = await add({ from: "+15551110001", at: day(1), audio: AUDIO });
    const [before] = await t.db.db.select().from(schema.voicemails).where(eq(schema.voicemails.id, id));
    const file = join(recordings.dir, ...(before?.storagePath ?? "").split("/"));
    expect(existsSync(file)).toBe(true);

    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/voicemails/${id}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.db.select().from(schema.voicemails).where(eq(schema.voicemails.id, id))).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });
});

describe("GET /api/voicemails/export.csv", () => {
  it("exports the filtered voicemails as CSV, fields quoted and formulas defused", async () => {
    await add({
      from: "+15551110001",
      at: day(1),
      transcription: 'He said "call back", then =HYPERLINK("x")',
    });
    await add({ from: "+15551110002", at: day(2), transcription: "Other", status: "read" });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/voicemails/export.csv?unread=true",
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="voicemails-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).toBe(
      '\uFEFF"Date","From","Contact","To","Duration (seconds)","Status","Transcription"\r\n' +
        `"${day(1).toISOString()}","+15551110001","","+15550002000","12","unread","He said ""call back"", then =HYPERLINK(""x"")"\r\n`,
    );
  });
});
