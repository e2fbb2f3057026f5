import type { VoicemailListJson } from "@poundline/contracts/voicemails/schemas";
import { schema } from "@poundline/db";
import { readStoredBytes } from "@poundline/platform/storage/port";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addVoicemail, temporaryRecordings } from "./voicemail-fixtures";

const recordings = temporaryRecordings();
let t: TestApp;
let alice: TestUser;
let bobSession: SignedIn;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ storage: recordings.storage });
  alice = await createUser(t);
  bobSession = await signIn(t, await createUser(t));
  secret = await addVoicemail(t, recordings.storage, {
    accountId: alice.accountId,
    from: "+15551119999",
    at: new Date("2025-03-01T12:00:00Z"),
    transcription: "Alice's secret",
    audio: new Uint8Array([1, 2, 3, 4]),
  });
});
afterAll(() => t.close());

describe("anonymous", () => {
  it.each([
    ["GET", "/api/voicemails"],
    ["GET", "/api/voicemails/unread"],
    ["GET", "/api/voicemails/export.csv"],
    ["GET", "/api/voicemails/vm_abc/audio"],
    ["PATCH", "/api/voicemails/vm_abc"],
    ["DELETE", "/api/voicemails/vm_abc"],
  ] as const)("%s %s answers 401", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN },
      ...(method === "PATCH" ? { payload: { status: "read" } } : {}),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another account", () => {
  it("lists, counts and exports none of Alice's voicemails", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/voicemails", headers: bobSession.headers });
    expect(list.json<VoicemailListJson>()).toMatchObject({ total: 0, unreadCount: 0, voicemails: [] });
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/voicemails/export.csv",
      headers: bobSession.headers,
    });
    expect(csv.body).not.toContain("secret");
  });

  it.each([
    ["GET", "/audio", undefined],
    ["GET", "/audio", "bytes=0-1"],
    ["PATCH", "", undefined],
    ["DELETE", "", undefined],
  ] as const)("%s %s (range %s) answers 404 and changes nothing", async (method, suffix, range) => {
    const res = await t.app.inject({
      method,
      url: `/api/voicemails/${secret}${suffix}`,
      headers: { ...bobSession.headers, ...(range ? { range } : {}) },
      ...(method === "PATCH" ? { payload: { status: "read" } } : {}),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("\u0001");
    const [row] = await t.db.db.select().from(schema.voicemails).where(eq(schema.voicemails.id, secret));
    expect(row).toMatchObject({ status: "unread" });
    expect(await readStoredBytes(recordings.storage, row?.storagePath ?? "")).toEqual(
      new Uint8Array([1, 2, 3, 4]),
    );
  });
});
