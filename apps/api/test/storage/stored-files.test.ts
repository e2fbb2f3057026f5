import type { IvrMenuView } from "@poundline/contracts/ivr/schemas";
import { RECORDING_NOT_READY_MESSAGE } from "@poundline/contracts/voicemails/schemas";
import { schema } from "@poundline/db";
import { storageKeys } from "@poundline/platform/storage/keys";
import { type FileStorage, readStoredBytes } from "@poundline/platform/storage/port";
import { storageBackends, type TestStorage } from "@poundline/platform/storage/testing";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber, wavBytes } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { newTicket, PDF_BYTES, upload as uploadAttachment } from "../support/helpers";
import { addVoicemail } from "../voicemails/voicemail-fixtures";

/** The storage key behind a served URL (`…/media/<kind>/<owner>/<file>`). */
function keyOf(url: string): string {
  const [, kind, owner = "", file = ""] =
    new URL(url, "http://x").pathname.match(/^\/media\/([a-z-]+)\/([^/]+)\/([^/]+)$/) ?? [];
  if (kind === "avatars") return storageKeys.avatar(owner, file);
  if (kind === "hold-music") return storageKeys.holdMusic(owner, file);
  if (kind === "ivr-greetings") return storageKeys.ivrGreeting(owner, file);
  throw new Error(`not a stored file's URL: ${url}`);
}

const path = (url: string) => new URL(url, "http://x").pathname;

/**
 * The files of every kind, through the API, on each backend: what is stored is served (with
 * byte ranges for voicemail audio), and a file replaced is removed from the storage.
 */
describe.each(storageBackends)("stored files on $driver", ({ open }) => {
  let files: TestStorage;
  let storage: FileStorage;
  let t: TestApp;
  let user: TestUser;
  let session: SignedIn;
  let numberId: string;

  beforeAll(async () => {
    files = await open();
    storage = files.storage;
    t = await createTestApp({ storage, config: { LOG_LEVEL: "error" } });
    user = await createUser(t);
    session = await signIn(t, user);
    numberId = await addNumber(t, user.accountId, "+13055550190");
    await t.app.deps.routing.reload();
  });
  afterAll(async () => {
    await t?.close();
    await files?.close();
  });

  const post = (url: string, body: Buffer, contentType: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...session.headers, "content-type": contentType },
      payload: body,
    });

  it("serves a voicemail's recording whole, by byte range, and 416 past its end", async () => {
    const audio = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));
    const id = await addVoicemail(t, storage, {
      accountId: user.accountId,
      from: "+15551110001",
      at: new Date(),
      audio,
    });
    const url = `/api/voicemails/${id}/audio`;

    const whole = await t.app.inject({ method: "GET", url, headers: session.headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      "content-type": "audio/wav",
      "content-length": "1000",
      "accept-ranges": "bytes",
    });
    expect(new Uint8Array(whole.rawPayload)).toEqual(audio);

    const part = await t.app.inject({
      method: "GET",
      url,
      headers: { ...session.headers, range: "bytes=100-199" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ "content-range": "bytes 100-199/1000", "content-length": "100" });
    expect(new Uint8Array(part.rawPayload)).toEqual(audio.slice(100, 200));

    const tail = await t.app.inject({
      method: "GET",
      url,
      headers: { ...session.headers, range: "bytes=-10" },
    });
    expect(tail.statusCode).toBe(206);
    expect(new Uint8Array(tail.rawPayload)).toEqual(audio.slice(990));

    const past = await t.app.inject({
      method: "GET",
      url,
      headers: { ...session.headers, range: "bytes=5000-" },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe("bytes */1000");
  });

  it("answers 404 'not available' for a voicemail whose object is missing", async () => {
    const id = await addVoicemail(t, storage, {
      accountId: user.accountId,
      from: "+15551110002",
      at: new Date(),
      audio: new Uint8Array([1, 2, 3]),
    });
    const [row] = await t.db.db.select().from(schema.voicemails).where(eq(schema.voicemails.id, id));
    await storage.delete(row?.storagePath ?? "");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/voicemails/${id}/audio`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(RECORDING_NOT_READY_MESSAGE);
  });

  it("an avatar replaced or removed takes its object with it", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const first = await post("/api/settings/avatar", png, "image/png");
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().avatarUrl;
    expect(await storage.head(keyOf(firstUrl))).toMatchObject({ contentType: "image/webp" });
    const served = await t.app.inject({ method: "GET", url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(Buffer.from((await readStoredBytes(storage, keyOf(firstUrl))) ?? []));

    const second = await post("/api/settings/avatar", png, "image/png");
    const secondUrl: string = second.json().avatarUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await storage.head(keyOf(firstUrl))).toBeNull();
    expect((await t.app.inject({ method: "GET", url: firstUrl })).statusCode).toBe(404);
    expect(await storage.head(keyOf(secondUrl))).not.toBeNull();

    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/settings/avatar",
      headers: session.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await storage.head(keyOf(secondUrl))).toBeNull();
  });

  it("custom hold music replaced takes its object with it", async () => {
    const first = await post(`/api/call-routing/${numberId}/hold-music`, wavBytes(), "audio/wav");
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().holdMusicUrl;
    expect(keyOf(firstUrl)).toMatch(new RegExp(`^accounts/${user.accountId}/hold-music/`));
    const served = await t.app.inject({ method: "GET", url: path(firstUrl) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(wavBytes())).toBe(true);

    const second = await post(`/api/call-routing/${numberId}/hold-music`, wavBytes(), "audio/wav");
    const secondUrl: string = second.json().holdMusicUrl;
    expect(await storage.head(keyOf(firstUrl))).toBeNull();
    expect((await t.app.inject({ method: "GET", url: path(firstUrl) })).statusCode).toBe(404);
    expect(await storage.head(keyOf(secondUrl))).toEqual({
      size: wavBytes().length,
      contentType: "audio/wav",
    });
  });

  it("an IVR greeting replaced or deleted takes its object with it, unless a published version still plays it", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/ivr-menus",
      headers: session.headers,
      payload: { name: "Storage menu" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const menuId = created.json<IvrMenuView>().id;
    const greeting = async () => {
      const res = await post(`/api/ivr-menus/${menuId}/greeting`, wavBytes(), "audio/wav");
      expect(res.statusCode, res.body).toBe(200);
      return res.json<IvrMenuView>().greetingRecordingUrl as string;
    };
    const published = await greeting();
    const publish = await t.app.inject({
      method: "POST",
      url: "/api/ivr-menus/publish",
      headers: session.headers,
      payload: {},
    });
    expect(publish.statusCode, publish.body).toBe(201);

    const draft = await greeting();
    // Calls follow the published version: its greeting stays.
    expect(await storage.head(keyOf(published))).not.toBeNull();
    expect((await t.app.inject({ method: "GET", url: path(published) })).statusCode).toBe(200);

    const latest = await greeting();
    // The draft's previous greeting was in no version: gone.
    expect(await storage.head(keyOf(draft))).toBeNull();
    expect(await storage.head(keyOf(published))).not.toBeNull();
    expect(await storage.head(keyOf(latest))).not.toBeNull();

    // A deleted menu's greeting goes too; the published version's still stays.
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/ivr-menus/${menuId}`,
      headers: session.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await storage.head(keyOf(latest))).toBeNull();
    expect(await storage.head(keyOf(published))).not.toBeNull();
  });

  it("a support attachment is stored under its account and handed back whole", async () => {
    const ticketId = await newTicket(t, session);
    const res = await uploadAttachment(
      t,
      session,
      `/api/support/tickets/${ticketId}`,
      PDF_BYTES,
      "invoice.pdf",
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.db.select().from(schema.supportTicketAttachments);
    expect(row?.storageKey).toBe(
      storageKeys.supportAttachment(user.accountId, ticketId, row?.id ?? "", "pdf"),
    );
    expect(await storage.head(row?.storageKey ?? "")).toEqual({
      size: PDF_BYTES.length,
      contentType: "application/pdf",
    });
    const download = await t.app.inject({
      method: "GET",
      url: `/api/support/tickets/${ticketId}/attachments/${row?.id}`,
      headers: session.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(new Uint8Array(download.rawPayload)).toEqual(PDF_BYTES);
  });
});
