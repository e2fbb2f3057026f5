import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import type { SendMessageInput } from "@poundline/platform/carrier/client";
import type { LiveEvent } from "@poundline/platform/events/live";
import type { Mailer, OutgoingEmail } from "@poundline/platform/mailer";
import { createMailer } from "@poundline/platform/mailer";
import { createLocalFileStorage } from "@poundline/platform/storage/local";
import { and, eq, like } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTranscriber,
  processVoicemail,
  type Transcriber,
  transcriberConfigFromEnv,
  type VoicemailPorts,
  voicemailProcessor,
} from "../../src/voicemails/jobs/index";
import { recordingOfLink, VOICEMAIL_LINK_DAYS } from "../../src/voicemails/links";

const {
  accounts,
  users,
  accountMemberships,
  notificationPreferences,
  phoneNumbers,
  extensions,
  voicemails,
  smsOptOuts,
  emailOutbox,
  processedWebhookEvents,
} = schema;

const BASE = "https://app.poundline.test";
const SIM = { mode: "simulator" as const, accountSid: "ACsim", authToken: "sim-token" };

/** A WAV of `ms` milliseconds of 8 kHz 16-bit silence: a real header, deterministic bytes. */
function wav(ms: number): Buffer {
  const data = Buffer.alloc(16 * ms);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const RECORDING = wav(1500);

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The carrier's recordings: `/ok/RE….wav` served, `/broken/…` a 500, `/cut/…` a body cut short. */
function recordingServer() {
  const requests: { path: string; authorization: string | undefined }[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? "";
    requests.push({ path, authorization: request.headers.authorization });
    if (path.startsWith("/ok/") && path.endsWith(".wav")) {
      response.writeHead(200, { "content-type": "audio/x-wav", "content-length": RECORDING.length });
      response.end(RECORDING);
    } else if (path.startsWith("/cut/")) {
      response.writeHead(200, { "content-type": "audio/x-wav", "content-length": RECORDING.length });
      response.write(RECORDING.subarray(0, 100), () => response.destroy());
    } else {
      response.writeHead(path.startsWith("/broken/") ? 500 : 404);
      response.end();
    }
  });
  return { server, requests };
}

interface TranscriptionRequest {
  path: string;
  authorization: string | undefined;
  contentType: string;
  model: string | null;
  fileName: string | null;
  fileType: string | null;
  fileBytes: Buffer | null;
}

/** A tiny OpenAI-compatible transcription API: answers `{ text }`, or a 503 while `failing`. */
function transcriptionServer() {
  const state = { failing: false, text: "Hi, this is Ann. Please call me back about the quote." };
  const requests: TranscriptionRequest[] = [];
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const form = await new Request("http://fake.local/", {
      method: "POST",
      headers: { "content-type": request.headers["content-type"] ?? "" },
      body,
    }).formData();
    const file = form.get("file");
    requests.push({
      path: request.url ?? "",
      authorization: request.headers.authorization,
      contentType: request.headers["content-type"] ?? "",
      model: form.get("model") as string | null,
      fileName: file instanceof File ? file.name : null,
      fileType: file instanceof File ? file.type : null,
      fileBytes: file instanceof File ? Buffer.from(await file.arrayBuffer()) : null,
    });
    if (state.failing) {
      response.writeHead(503, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "overloaded" } }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ text: ` ${state.text} ` }));
  });
  return { server, requests, state };
}

describe("processVoicemail", () => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let recordings: ReturnType<typeof recordingServer>;
  let recordingsUrl: string;
  let openai: ReturnType<typeof transcriptionServer>;
  let openaiUrl: string;
  const now = new Date("2026-11-21T15:00:00Z");
  const log = pino({ level: "silent" });
  let texts: SendMessageInput[];
  let events: { accountId: string; event: LiveEvent }[];
  let n = 0;

  // The account of the current test.
  let accountId: string;
  let ourNumber: string;
  let owner: string;
  let quiet: string;
  let texter: string;
  let optedOut: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), "poundline-voicemail-"));
    recordings = recordingServer();
    recordingsUrl = await listen(recordings.server);
    openai = transcriptionServer();
    openaiUrl = `${await listen(openai.server)}/v1`;
  });
  afterAll(async () => {
    await Promise.all([close(recordings.server), close(openai.server)]);
    await rm(dataDir, { recursive: true, force: true });
    await handle.close();
  });

  const baseMailer = () => createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" });

  function portsWith(over: Partial<VoicemailPorts> = {}): VoicemailPorts {
    return {
      db: handle.db,
      log,
      clock: () => now,
      storage: createLocalFileStorage(dataDir),
      transcriber: createTranscriber({ provider: "none" }),
      mailer: baseMailer(),
      sms: {
        async sendMessage(input) {
          texts.push(input);
          return { sid: `SM${texts.length}`, status: "queued", errorCode: null };
        },
      },
      fetch,
      carrier: SIM,
      publicBaseUrl: BASE,
      live: {
        async publish(accountId, event) {
          events.push({ accountId, event });
        },
      },
      ...over,
    };
  }

  const httpTranscriber = (): Transcriber =>
    createTranscriber({ provider: "http", url: openaiUrl, apiKey: "sk-test-123", model: "whisper-large-v3" });

  /**
   * A fresh account: the owner (no saved preferences: e-mail yes, SMS no), a member who turned
   * e-mail off, one who wants texts, one who wants texts but texted STOP to our number.
   */
  beforeEach(async () => {
    n += 1;
    texts = [];
    events = [];
    accountId = newId("account");
    ourNumber = `+1407555${String(2000 + n)}`;
    const ids = Array.from({ length: 4 }, () => newId("user"));
    [owner, quiet, texter, optedOut] = ids as [string, string, string, string];
    const { db } = handle;
    await db.insert(accounts).values({ id: accountId, companyName: `Voicemail ${n} LLC` });
    await db.insert(users).values([
      { id: owner, email: `owner${n}@example.com`, firstName: "Olivia" },
      { id: quiet, email: `quiet${n}@example.com`, phone: `+1312555${String(3000 + n)}` },
      { id: texter, email: `texter${n}@example.com`, phone: `(312) 555-${String(4000 + n)}` },
      { id: optedOut, email: `optout${n}@example.com`, phone: `+1312555${String(5000 + n)}` },
    ]);
    await db.insert(accountMemberships).values(ids.map((userId) => ({ accountId, userId })));
    await db.insert(notificationPreferences).values([
      { userId: quiet, emailNewVoicemail: false, smsNewVoicemail: false },
      { userId: texter, emailNewVoicemail: false, smsNewVoicemail: true },
      { userId: optedOut, emailNewVoicemail: false, smsNewVoicemail: true },
    ]);
    await db.insert(phoneNumbers).values({ id: newId("number"), accountId, e164: ourNumber });
    // Registered for texting (A2P 10DLC): its local number may text the members.
    await db.insert(schema.textingRegistrations).values({
      id: newId("textingRegistration"),
      accountId,
      stage: "approved",
      business: {} as never,
      campaign: {} as never,
      feeCents: 0,
    });
    await db.insert(smsOptOuts).values({
      id: newId("optOut"),
      accountId,
      ourNumber,
      subscriberNumber: `+1312555${String(5000 + n)}`,
    });
  });

  /** A voicemail as the recording callback writes it; `path` picks how the server answers. */
  async function voicemail(
    path: "ok" | "broken" | "cut" = "ok",
    over: Partial<typeof voicemails.$inferInsert> = {},
  ) {
    const id = newId("voicemail");
    const recordingSid = `RE${id.slice(3)}`;
    await handle.db.insert(voicemails).values({
      id,
      accountId,
      callSid: `CA${id.slice(3)}`,
      recordingSid,
      recordingUrl: `${recordingsUrl}/${path}/2010-04-01/Accounts/ACsim/Recordings/${recordingSid}`,
      durationSeconds: 75,
      fromNumber: "+13125550142",
      toNumber: ourNumber,
      ...over,
    });
    return { id, recordingSid, payload: { voicemailId: id, extensionId: null } };
  }

  const row = async (id: string) =>
    (await handle.db.select().from(voicemails).where(eq(voicemails.id, id)))[0];
  const mails = () =>
    handle.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "voicemail"), like(emailOutbox.toAddress, `%${n}@example.com`)));
  const fileOf = (recordingSid: string) =>
    join(dataDir, "accounts", accountId, "voicemails", `${recordingSid}.wav`);

  it("downloads and stores the recording, e-mails and texts as the preferences say, publishes", async () => {
    const vm = await voicemail();
    expect(await processVoicemail(portsWith(), vm.payload)).toBe("done");

    const stored = await row(vm.id);
    expect(stored?.storagePath).toBe(`accounts/${accountId}/voicemails/${vm.recordingSid}.wav`);
    expect((await stat(fileOf(vm.recordingSid))).size).toBe(RECORDING.length);
    expect(await readFile(fileOf(vm.recordingSid))).toEqual(RECORDING);
    expect(recordings.requests.at(-1)).toEqual({
      path: `/ok/2010-04-01/Accounts/ACsim/Recordings/${vm.recordingSid}.wav`,
      authorization: undefined,
    });
    // The none provider transcribes nothing: the row says transcription is off.
    expect(stored).toMatchObject({ transcriptionStatus: "off", transcription: null });

    // E-mail: the owner only (defaults); the others turned it off.
    const sent = await mails();
    expect(sent.map((m) => m.toAddress)).toEqual([`owner${n}@example.com`]);
    expect(sent[0]?.subject).toBe("New voicemail from +13125550142 (1m 15s)");
    expect(sent[0]?.textBody).toContain("Duration: 1m 15s");
    expect(sent[0]?.textBody).toContain(`${BASE}/dashboard/voicemails`);
    // SMS: the member who asked for it, from our number, normalised; never the opted-out one.
    expect(texts).toEqual([
      {
        from: ourNumber,
        to: `+1312555${4000 + n}`,
        body: `New voicemail from +13125550142 (1m 15s) ${BASE}/dashboard/voicemails`,
        statusCallback: `${BASE}/twilio/sms/status`,
      },
    ]);
    expect(events).toEqual([
      {
        accountId,
        event: {
          type: "voicemail.updated",
          voicemailId: vm.id,
          recordingSid: vm.recordingSid,
          transcriptionStatus: "off",
          transcription: null,
          stored: true,
        },
      },
    ]);
  });

  /** A mailer that keeps what it was asked to send (attachments included), then sends it as usual. */
  function keepingMailer() {
    const sent: OutgoingEmail[] = [];
    const mailer: Mailer = {
      send(email) {
        sent.push(email);
        return baseMailer().send(email);
      },
    };
    return { sent, mailer };
  }

  it("the e-mail carries the transcript and the recording attached", async () => {
    const vm = await voicemail();
    const { sent, mailer } = keepingMailer();
    expect(await processVoicemail(portsWith({ mailer, transcriber: httpTranscriber() }), vm.payload)).toBe(
      "done",
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("Hi, this is Ann. Please call me back about the quote.");
    expect(sent[0]?.text).toContain("The recording is attached.");
    expect(sent[0]?.attachments).toEqual([
      {
        filename: `voicemail-${vm.recordingSid}.wav`,
        contentType: "audio/wav",
        content: new Uint8Array(RECORDING),
      },
    ]);
  });

  it("a recording too large to attach goes as a link that plays until it expires", async () => {
    const vm = await voicemail();
    const { sent, mailer } = keepingMailer();
    const ports = portsWith({ mailer, attachmentMaxBytes: RECORDING.length - 1 });
    expect(await processVoicemail(ports, vm.payload)).toBe("done");
    expect(sent[0]?.attachments).toEqual([]);
    const url = sent[0]?.text.match(/Listen to the recording \(until ([^)]+)\): (\S+)/);
    expect(url?.[1]).toBe(new Date(now.getTime() + VOICEMAIL_LINK_DAYS * 24 * 3600 * 1000).toISOString());
    const token = url?.[2]?.match(
      /^https:\/\/app\.poundline\.test\/api\/voicemail-links\/([a-z2-7]{32})\/audio$/,
    )?.[1];
    expect(token).toBeDefined();
    const path = `accounts/${accountId}/voicemails/${vm.recordingSid}.wav`;
    expect(await recordingOfLink(handle.db, token ?? "", now)).toBe(path);
    // Only the token's hash is kept; past its expiry the link opens nothing.
    const [link] = await handle.db
      .select()
      .from(schema.voicemailLinks)
      .where(eq(schema.voicemailLinks.voicemailId, vm.id));
    expect(link?.tokenHash).not.toContain(token ?? "");
    expect(await recordingOfLink(handle.db, token ?? "", link?.expiresAt ?? now)).toBeNull();
    expect(await recordingOfLink(handle.db, "a".repeat(32), now)).toBeNull();
  });

  it("running twice (or concurrently) sends nothing twice", async () => {
    const vm = await voicemail();
    const ports = portsWith({ transcriber: httpTranscriber() });
    const first = await Promise.all([
      processVoicemail(ports, vm.payload),
      processVoicemail(ports, vm.payload),
    ]);
    expect(first).toContain("done");
    const requestsAfterFirst = recordings.requests.length;
    const transcriptionsAfterFirst = openai.requests.length;
    expect(await processVoicemail(ports, vm.payload)).toBe("skipped");
    expect(recordings.requests).toHaveLength(requestsAfterFirst);
    expect(openai.requests).toHaveLength(transcriptionsAfterFirst);
    expect(await mails()).toHaveLength(1);
    expect(texts).toHaveLength(1);
  });

  it("emits voicemail.received and voicemail.transcribed for the account's webhooks, once each", async () => {
    await handle.db.insert(schema.webhookSubscriptions).values({
      id: newId("webhookSubscription"),
      accountId,
      url: "https://hooks.example.com/in",
      eventTypes: ["voicemail.received", "voicemail.transcribed"],
      secret: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0",
    });
    const vm = await voicemail();
    const ports = portsWith({ transcriber: httpTranscriber() });
    await processVoicemail(ports, vm.payload);
    await processVoicemail(ports, vm.payload);
    const emitted = await handle.db
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.accountId, accountId));
    expect(emitted.map((e) => e.type).sort()).toEqual(["voicemail.received", "voicemail.transcribed"]);
    expect(emitted.find((e) => e.type === "voicemail.transcribed")?.payload).toMatchObject({
      data: { id: vm.id, transcriptionStatus: "completed", links: { self: `/v1/voicemails/${vm.id}` } },
    });
  });

  it("transcribes through an OpenAI-compatible API: multipart file and model, bearer key", async () => {
    const vm = await voicemail();
    const before = openai.requests.length;
    expect(await processVoicemail(portsWith({ transcriber: httpTranscriber() }), vm.payload)).toBe("done");

    expect(openai.requests).toHaveLength(before + 1);
    const request = openai.requests.at(-1) as TranscriptionRequest;
    expect(request.path).toBe("/v1/audio/transcriptions");
    expect(request.authorization).toBe("Bearer sk-test-123");
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.model).toBe("whisper-large-v3");
    expect(request.fileName).toBe(`${vm.recordingSid}.wav`);
    expect(request.fileType).toBe("audio/wav");
    expect(request.fileBytes).toEqual(RECORDING);

    expect(await row(vm.id)).toMatchObject({
      transcriptionStatus: "completed",
      transcription: openai.state.text,
    });
    const [mail] = await mails();
    expect(mail?.textBody).toContain(`Transcription:\n${openai.state.text}`);
    expect(texts[0]?.body).toContain(`: "${openai.state.text}"`);
    expect(events[0]?.event).toMatchObject({
      transcriptionStatus: "completed",
      transcription: openai.state.text,
    });
  });

  it("a failed transcription is stored as failed and the voicemail still announced", async () => {
    const vm = await voicemail();
    openai.state.failing = true;
    try {
      expect(await processVoicemail(portsWith({ transcriber: httpTranscriber() }), vm.payload)).toBe("done");
    } finally {
      openai.state.failing = false;
    }
    expect(await row(vm.id)).toMatchObject({ transcriptionStatus: "failed", transcription: null });
    const [mail] = await mails();
    expect(mail?.textBody).toContain("The recording could not be transcribed.");
    // Settled: a re-run does not try again.
    const before = openai.requests.length;
    expect(await processVoicemail(portsWith({ transcriber: httpTranscriber() }), vm.payload)).toBe("skipped");
    expect(openai.requests).toHaveLength(before);
  });

  it("the carrier provider leaves the transcription pending for the carrier's callback", async () => {
    const vm = await voicemail("ok", { transcriptionStatus: "pending" });
    const before = openai.requests.length;
    const ports = portsWith({ transcriber: createTranscriber({ provider: "carrier" }) });
    expect(await processVoicemail(ports, vm.payload)).toBe("done");
    expect(await row(vm.id)).toMatchObject({ transcriptionStatus: "pending", transcription: null });
    expect(openai.requests).toHaveLength(before);
    expect((await mails())[0]?.textBody).toContain("Transcription in progress");
    expect(await processVoicemail(ports, vm.payload)).toBe("skipped");
  });

  it("a voicemail awaiting text when transcription was turned off says it is off", async () => {
    const vm = await voicemail("ok", { transcriptionStatus: "pending" });
    expect(await processVoicemail(portsWith(), vm.payload)).toBe("done");
    expect(await row(vm.id)).toMatchObject({ transcriptionStatus: "off", transcription: null });
    expect((await mails())[0]?.textBody).toContain("Transcription is off.");
    expect(events.at(-1)?.event).toMatchObject({ type: "voicemail.updated", transcriptionStatus: "off" });
  });

  it("does not overwrite a transcription the carrier already delivered", async () => {
    const vm = await voicemail("ok", {
      transcriptionStatus: "completed",
      transcription: "From the carrier.",
    });
    const before = openai.requests.length;
    expect(await processVoicemail(portsWith({ transcriber: httpTranscriber() }), vm.payload)).toBe("done");
    expect(openai.requests).toHaveLength(before);
    expect(await row(vm.id)).toMatchObject({
      transcriptionStatus: "completed",
      transcription: "From the carrier.",
    });
  });

  it.each([
    ["an HTTP error", "broken" as const],
    ["a body cut short", "cut" as const],
  ])("a download that fails with %s throws and leaves nothing behind", async (_name, path) => {
    const vm = await voicemail(path);
    await expect(processVoicemail(portsWith(), vm.payload)).rejects.toThrow(
      /Recording download|terminated|fetch/,
    );
    expect(await row(vm.id)).toMatchObject({ storagePath: null, transcriptionStatus: "off" });
    expect(await readdir(join(dataDir, "accounts", accountId, "voicemails")).catch(() => [])).toEqual([]);
    expect(await mails()).toEqual([]);
    expect(texts).toEqual([]);
    expect(events).toEqual([]);
    const claims = await handle.db
      .select()
      .from(processedWebhookEvents)
      .where(like(processedWebhookEvents.eventId, `%${vm.id}%`));
    expect(claims).toEqual([]);

    // The retry, once the carrier serves the recording, does the whole job.
    await handle.db
      .update(voicemails)
      .set({ recordingUrl: `${recordingsUrl}/ok/Recordings/${vm.recordingSid}` })
      .where(eq(voicemails.id, vm.id));
    expect(await processVoicemail(portsWith(), vm.payload)).toBe("done");
    expect((await stat(fileOf(vm.recordingSid))).size).toBe(RECORDING.length);
    expect(await mails()).toHaveLength(1);
  });

  it("a retry after a failed e-mail sends only what was not sent", async () => {
    await handle.db
      .update(notificationPreferences)
      .set({ emailNewVoicemail: true })
      .where(eq(notificationPreferences.userId, quiet));
    const vm = await voicemail();
    const mailer = baseMailer();
    let failFor: string | null = `quiet${n}@example.com`;
    const flaky: Mailer = {
      async send(email) {
        if (email.to === failFor) throw new Error("SMTP 451 try again later");
        return mailer.send(email);
      },
    };
    const ports = portsWith({ mailer: flaky });
    await expect(processVoicemail(ports, vm.payload)).rejects.toThrow("SMTP 451");
    expect((await mails()).map((m) => m.toAddress)).toEqual([`owner${n}@example.com`]);
    expect(texts).toHaveLength(1);
    expect(events).toEqual([]);
    const downloads = recordings.requests.length;

    failFor = null;
    expect(await processVoicemail(ports, vm.payload)).toBe("done");
    expect(recordings.requests).toHaveLength(downloads); // stored already: not downloaded again
    expect((await mails()).map((m) => m.toAddress).sort()).toEqual([
      `owner${n}@example.com`,
      `quiet${n}@example.com`,
    ]);
    expect(texts).toHaveLength(1);
    expect(events).toHaveLength(1);
    expect(await processVoicemail(ports, vm.payload)).toBe("skipped");
  });

  it("never texts a number that opted out, even when the carrier is the first to know", async () => {
    await handle.db
      .update(notificationPreferences)
      .set({ smsNewVoicemail: false })
      .where(eq(notificationPreferences.userId, texter));
    await handle.db
      .update(notificationPreferences)
      .set({ smsNewVoicemail: true })
      .where(eq(notificationPreferences.userId, quiet));
    const quietPhone = `+1312555${3000 + n}`;
    const refused: VoicemailPorts["sms"] = {
      async sendMessage(input) {
        texts.push(input);
        throw Object.assign(new Error("Attempt to send to unsubscribed recipient"), {
          status: 400,
          code: 21610,
        });
      },
    };
    const first = await voicemail();
    expect(await processVoicemail(portsWith({ sms: refused }), first.payload)).toBe("done");
    expect(texts.map((t) => t.to)).toEqual([quietPhone]); // tried once; the opted-out member never
    const [optOut] = await handle.db
      .select()
      .from(smsOptOuts)
      .where(and(eq(smsOptOuts.ourNumber, ourNumber), eq(smsOptOuts.subscriberNumber, quietPhone)));
    expect(optOut?.accountId).toBe(accountId);

    const second = await voicemail();
    expect(await processVoicemail(portsWith(), second.payload)).toBe("done");
    expect(texts).toHaveLength(1); // remembered: not tried again
  });

  it("skips (and logs) a member's phone the destination policy refuses, texting the others", async () => {
    // Saved before the check, or the account's countries narrowed since: a premium number.
    await handle.db.update(users).set({ phone: "+19005550123" }).where(eq(users.id, texter));
    const warned: string[] = [];
    const vm = await voicemail();
    const ports = portsWith();
    const watching = {
      ...ports,
      log: { ...ports.log, warn: (_: object, msg: string) => warned.push(msg) } as VoicemailPorts["log"],
    };
    expect(await processVoicemail(watching, vm.payload)).toBe("done");
    expect(texts.map((t) => t.to)).not.toContain("+19005550123");
    expect(warned).toContain("notification text not sent: destination refused");
  });

  it("sends nothing by SMS when every member keeps the default (off)", async () => {
    await handle.db
      .update(notificationPreferences)
      .set({ smsNewVoicemail: false })
      .where(eq(notificationPreferences.userId, texter));
    const vm = await voicemail();
    expect(await processVoicemail(portsWith(), vm.payload)).toBe("done");
    expect(texts).toEqual([]);
    expect(await mails()).toHaveLength(1);
  });

  it("e-mails the extension's address when the voicemail was left for an extension with one", async () => {
    const extensionId = newId("extension");
    await handle.db.insert(extensions).values({
      id: extensionId,
      accountId,
      extensionNumber: 101,
      name: "Sales",
      email: `Sales${n}@Example.com`,
    });
    const vm = await voicemail();
    expect(await processVoicemail(portsWith(), { voicemailId: vm.id, extensionId })).toBe("done");
    const sent = await mails();
    expect(sent.map((m) => m.toAddress)).toEqual([`sales${n}@example.com`]);
    expect(sent[0]?.textBody).toContain(`To: ${ourNumber}, extension 101 (Sales)`);
    // The members who asked for texts still get theirs: the address is nobody's phone.
    expect(texts.map((t) => t.to)).toEqual([`+1312555${4000 + n}`]);
  });

  it("an extension whose address is a member's follows that member's preferences", async () => {
    const extensionId = newId("extension");
    await handle.db.insert(extensions).values({
      id: extensionId,
      accountId,
      extensionNumber: 102,
      name: "Texter",
      email: `texter${n}@example.com`,
    });
    const vm = await voicemail();
    expect(await processVoicemail(portsWith(), { voicemailId: vm.id, extensionId })).toBe("done");
    expect(await mails()).toEqual([]); // that member turned voicemail e-mail off
    expect(texts.map((t) => t.to)).toEqual([`+1312555${4000 + n}`]);
  });

  it("an assigned voicemail (a member's own line, round robin) is that member's alone: e-mail, text and bell", async () => {
    const vm = await voicemail("ok", { assigneeId: texter });
    expect(await processVoicemail(portsWith(), vm.payload)).toBe("done");
    expect(await mails()).toEqual([]); // the texter turned voicemail e-mail off; the owner is not told
    expect(texts.map((t) => t.to)).toEqual([`+1312555${4000 + n}`]);
    const bell = await handle.db
      .select({ userId: schema.memberNotifications.userId, kind: schema.memberNotifications.kind })
      .from(schema.memberNotifications)
      .where(eq(schema.memberNotifications.accountId, accountId));
    expect(bell).toEqual([{ userId: texter, kind: "voicemail" }]);

    const ownerVoicemail = await voicemail("ok", { assigneeId: owner });
    expect(await processVoicemail(portsWith(), ownerVoicemail.payload)).toBe("done");
    expect((await mails()).map((m) => m.toAddress)).toEqual([`owner${n}@example.com`]);
  });

  it("names a caller the account has as a contact", async () => {
    await handle.db
      .insert(schema.contacts)
      .values({ id: newId("contact"), accountId, name: "Ann Lee", phone: "+13125550142" });
    const vm = await voicemail();
    expect(await processVoicemail(portsWith(), vm.payload)).toBe("done");
    expect((await mails())[0]?.subject).toBe("New voicemail from Ann Lee (+13125550142) (1m 15s)");
  });

  it("runs as the queue's process-voicemail processor", async () => {
    const { db, log: portsLog, clock, ...deps } = portsWith();
    const processor = voicemailProcessor(deps);
    const vm = await voicemail();
    const job = {
      queue: "voicemail" as const,
      name: "process-voicemail",
      jobId: vm.recordingSid,
      attempt: 1,
    };
    expect(await processor({ db, log: portsLog, clock }, vm.payload, job)).toBe("done");
    expect((await stat(fileOf(vm.recordingSid))).size).toBe(RECORDING.length);
    expect(await processor({ db, log: portsLog, clock }, vm.payload, { ...job, attempt: 2 })).toBe("skipped");
  });

  it("skips a voicemail that is gone", async () => {
    expect(await processVoicemail(portsWith(), { voicemailId: "vm_gone", extensionId: null })).toBe(
      "skipped",
    );
  });

  it("downloads from the real carrier with Basic auth, and never sends the token elsewhere", async () => {
    const vm = await voicemail("ok", {
      recordingUrl: "https://api.twilio.com/2010-04-01/Accounts/AC123/Recordings/RE123",
    });
    const seen: { url: string; authorization: string | null }[] = [];
    const carrierFetch: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), authorization: new Headers(init?.headers).get("authorization") });
      return new Response(new Uint8Array(RECORDING), { headers: { "content-type": "audio/x-wav" } });
    };
    const carrier = { mode: "twilio" as const, accountSid: "AC123", authToken: "secret" };
    expect(await processVoicemail(portsWith({ fetch: carrierFetch, carrier }), vm.payload)).toBe("done");
    expect(seen).toEqual([
      {
        url: "https://api.twilio.com/2010-04-01/Accounts/AC123/Recordings/RE123.wav",
        authorization: `Basic ${Buffer.from("AC123:secret").toString("base64")}`,
      },
    ]);
    expect((await stat(fileOf(vm.recordingSid))).size).toBe(RECORDING.length);

    const elsewhere = await voicemail();
    expect(await processVoicemail(portsWith({ carrier }), elsewhere.payload)).toBe("done");
    expect(recordings.requests.at(-1)?.authorization).toBeUndefined();
  });
});

describe("transcriberConfigFromEnv", () => {
  it.each([
    // Without a carrier account the simulator is the carrier, and transcribes.
    [{}, { provider: "carrier" }],
    [{ CARRIER_TRANSCRIPTION: "false" }, { provider: "none" }],
    [{ TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "secret" }, { provider: "none" }],
    [
      { TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "secret", CARRIER_TRANSCRIPTION: "true" },
      { provider: "carrier" },
    ],
    [
      { TRANSCRIPTION_URL: "https://api.openai.com/v1", TRANSCRIPTION_API_KEY: "sk-1" },
      { provider: "http", url: "https://api.openai.com/v1", apiKey: "sk-1", model: "whisper-1" },
    ],
    [
      {
        TRANSCRIBER: "http",
        TRANSCRIPTION_URL: "http://whisper:8000/v1",
        TRANSCRIPTION_MODEL: "base",
      },
      { provider: "http", url: "http://whisper:8000/v1", apiKey: undefined, model: "base" },
    ],
    [{ TRANSCRIBER: "none", TRANSCRIPTION_URL: "https://api.openai.com/v1" }, { provider: "none" }],
    [{ TRANSCRIBER: "carrier", TRANSCRIPTION_URL: "https://api.openai.com/v1" }, { provider: "carrier" }],
    [
      { CARRIER_TRANSCRIPTION: "true", TRANSCRIPTION_URL: "https://api.openai.com/v1" },
      { provider: "http", url: "https://api.openai.com/v1", apiKey: undefined, model: "whisper-1" },
    ],
  ])("%j gives %j", (env, expected) => {
    expect(transcriberConfigFromEnv(env)).toEqual(expected);
  });

  it.each([
    [{ TRANSCRIBER: "whisper" }, /TRANSCRIBER must be one of carrier, http, none/],
    [{ TRANSCRIBER: "http" }, /TRANSCRIPTION_URL must be a URL/],
    [{ TRANSCRIBER: "http", TRANSCRIPTION_URL: "not a url" }, /TRANSCRIPTION_URL must be a URL/],
  ])("refuses %j", (env, message) => {
    expect(() => transcriberConfigFromEnv(env)).toThrow(message);
  });
});
