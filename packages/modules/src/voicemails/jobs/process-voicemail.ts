import { schema } from "@poundline/db";
import type { LiveEvents } from "@poundline/platform/events/live";
import type { JobOutcome } from "@poundline/platform/queue/jobs";
import { storageKeys } from "@poundline/platform/storage/keys";
import { type FileStorage, readStoredBytes } from "@poundline/platform/storage/port";
import { and, eq, notInArray } from "drizzle-orm";
import { notifyMember } from "../../inbox/notifications";
import { VOICEMAILS_LINK } from "../../inbox/round-robin";
import { describeCaller } from "../../notifications/caller";
import { formatDuration } from "../../notifications/format";
import type { NotificationPorts, NotificationSms } from "../../notifications/ports";
import { accountMembers, type Member } from "../../notifications/recipients";
import { claimNotification, deliverAll, sendOnce, wasNotified } from "../../notifications/sent";
import { phoneToE164, senderNumber, sendNotificationText } from "../../notifications/sms";
import { type CarrierAccess, downloadRecording } from "../../recordings/download";
import { emitVoicemailEvent } from "../events";
import { createVoicemailLink, voicemailLinkPath } from "../links";
import { type EmailRecording, type VoicemailMessageInput, voicemailEmail, voicemailText } from "./message";
import type { Transcriber } from "./transcriber";

const { extensions, voicemails } = schema;

export interface VoicemailPorts extends NotificationPorts {
  /** Where our copy of the recording goes (the storage port: local disk or S3). */
  storage: FileStorage;
  transcriber: Transcriber;
  /** Texts to members (the API's CarrierClient). */
  sms: NotificationSms;
  /** Downloads the recording (global fetch in production). */
  fetch: typeof fetch;
  carrier: CarrierAccess;
  /** The console's live events: `voicemail.updated` once the voicemail is processed. */
  live?: Pick<LiveEvents, "publish"> | undefined;
  /** The largest recording attached to an e-mail (default VOICEMAIL_ATTACHMENT_MAX_BYTES). */
  attachmentMaxBytes?: number;
}

export interface ProcessVoicemailPayload {
  voicemailId: string;
  extensionId: string | null;
}

type VoicemailRow = typeof voicemails.$inferSelect;

const SETTLED: VoicemailRow["transcriptionStatus"][] = ["completed", "failed"];

/** The largest recording an e-mail carries as an attachment; a larger one goes as a link. */
export const VOICEMAIL_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The marker of a voicemail whose notifications all went out. */
const doneKey = (voicemailId: string) => `voicemail:${voicemailId}`;

/**
 * Fetches, stores, transcribes and announces one voicemail. Each step records its result before the
 * next starts (storage_path, then the transcription, then each notification), so a run after a
 * crash carries on where the last one stopped and sends nothing twice. Skipped: a voicemail that is
 * gone, or fully processed. A failed download throws (the queue retries) and changes nothing.
 */
export async function processVoicemail(
  ports: VoicemailPorts,
  payload: ProcessVoicemailPayload,
): Promise<JobOutcome> {
  const { db, log } = ports;
  const [found] = await db.select().from(voicemails).where(eq(voicemails.id, payload.voicemailId)).limit(1);
  if (!found) {
    log.warn({ voicemailId: payload.voicemailId }, "process-voicemail: no such voicemail");
    return "skipped";
  }
  const transcribed = SETTLED.includes(found.transcriptionStatus) || ports.transcriber.provider !== "http";
  if (found.storagePath && transcribed && (await wasNotified(db, doneKey(found.id)))) return "skipped";

  let voicemail = found;
  let audio: Uint8Array | null = null;
  if (!voicemail.storagePath) {
    audio = await downloadRecording(ports, voicemail.recordingUrl);
    const key = storageKeys.voicemail(voicemail.accountId, voicemail.recordingSid);
    await ports.storage.put(key, audio);
    const stored = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(voicemails)
        .set({ storagePath: key })
        .where(eq(voicemails.id, voicemail.id))
        .returning();
      if (row) await emitVoicemailEvent(tx, "voicemail.received", row, ports.clock());
      return row;
    });
    if (!stored) return "skipped"; // deleted meanwhile
    voicemail = stored;
  }
  if (!SETTLED.includes(voicemail.transcriptionStatus)) {
    voicemail = await transcribe(ports, voicemail, audio);
  }

  await notify(ports, voicemail, payload.extensionId);
  await claimNotification(db, doneKey(voicemail.id), ports.clock());
  log.info(
    {
      voicemailId: voicemail.id,
      recordingSid: voicemail.recordingSid,
      transcription: voicemail.transcriptionStatus,
    },
    "voicemail processed",
  );
  try {
    await ports.live?.publish(voicemail.accountId, {
      type: "voicemail.updated",
      voicemailId: voicemail.id,
      recordingSid: voicemail.recordingSid,
      transcriptionStatus: voicemail.transcriptionStatus,
      transcription: voicemail.transcription,
      stored: voicemail.storagePath !== null,
    });
  } catch (err) {
    log.warn({ err, voicemailId: voicemail.id }, "could not publish the voicemail's live event");
  }
  return "done";
}

/** The recording stored by an earlier run; its absence is an error the queue retries. */
async function storedRecording(storage: FileStorage, key: string): Promise<Uint8Array> {
  const bytes = await readStoredBytes(storage, key);
  if (!bytes) throw new Error(`stored recording missing: ${key}`);
  return bytes;
}

/**
 * Runs the transcriber. Its text (or its failure) is stored unless the carrier's transcription
 * callback settled the voicemail meanwhile; with transcription off the row says `off` (it may
 * have been received while a transcriber was configured); the carrier stores nothing now (its
 * callback will: `pending` stays pending).
 */
async function transcribe(
  ports: VoicemailPorts,
  voicemail: VoicemailRow,
  downloaded: Uint8Array | null,
): Promise<VoicemailRow> {
  const storagePath = voicemail.storagePath as string;
  const outcome = await ports.transcriber.transcribe({
    filename: `${voicemail.recordingSid}.wav`,
    contentType: "audio/wav",
    read: async () => downloaded ?? (await storedRecording(ports.storage, storagePath)),
  });
  if (outcome.status === "pending") return voicemail;
  if (outcome.status === "off" && voicemail.transcriptionStatus === "off") return voicemail;
  if (outcome.status === "failed") {
    ports.log.warn({ voicemailId: voicemail.id, error: outcome.error }, "voicemail transcription failed");
  }
  const row = await ports.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(voicemails)
      .set({
        transcription: outcome.status === "completed" ? outcome.text : null,
        transcriptionStatus: outcome.status,
      })
      .where(and(eq(voicemails.id, voicemail.id), notInArray(voicemails.transcriptionStatus, SETTLED)))
      .returning();
    if (updated?.transcriptionStatus === "completed")
      await emitVoicemailEvent(tx, "voicemail.transcribed", updated, ports.clock());
    return updated;
  });
  if (row) return row;
  const [current] = await ports.db.select().from(voicemails).where(eq(voicemails.id, voicemail.id));
  return current ?? voicemail;
}

interface Audience {
  emails: string[];
  phones: string[];
  /** "+14075550100, extension 101 (Sales)" */
  to: string;
}

/**
 * Who hears of the voicemail. Its assignee alone when it has one (a member's own line, round
 * robin), under their preferences. Otherwise, e-mail: the extension's address when it was left for an extension
 * with one (with its member's preference when the address is a member's), else every member who
 * wants it (emailNewVoicemail, on by default). SMS: the members who asked for it
 * (smsNewVoicemail, off by default) — only the extension's member when the extension is a member's.
 */
async function audienceOf(
  ports: VoicemailPorts,
  voicemail: VoicemailRow,
  extensionId: string | null,
): Promise<Audience> {
  const members = await accountMembers(ports.db, voicemail.accountId);
  const [extension] = extensionId
    ? await ports.db
        .select({ email: extensions.email, number: extensions.extensionNumber, name: extensions.name })
        .from(extensions)
        .where(and(eq(extensions.id, extensionId), eq(extensions.accountId, voicemail.accountId)))
        .limit(1)
    : [];
  const to = extension
    ? `${voicemail.toNumber}, extension ${extension.number} (${extension.name})`
    : voicemail.toNumber;
  const extensionEmail = extension?.email?.trim().toLowerCase() || null;
  // Assigned (left on a member's own line, or handed out in turn): it is that member's.
  const assignee = members.filter((m) => m.userId === voicemail.assigneeId);
  const owners =
    assignee.length > 0 ? assignee : extensionEmail ? members.filter((m) => m.email === extensionEmail) : [];
  const targets: Member[] = owners.length > 0 ? owners : members;
  const emails =
    extensionEmail && owners.length === 0 && assignee.length === 0
      ? [extensionEmail]
      : targets.filter((m) => m.preferences.emailNewVoicemail).map((m) => m.email);
  const phones = targets
    .filter((m) => m.preferences.smsNewVoicemail)
    .flatMap((m) => phoneToE164(m.phone) ?? []);
  return { emails: [...new Set(emails)], phones: [...new Set(phones)], to };
}

async function notify(ports: VoicemailPorts, voicemail: VoicemailRow, extensionId: string | null) {
  const { db, log } = ports;
  const audience = await audienceOf(ports, voicemail, extensionId);
  const message: VoicemailMessageInput = {
    caller: await describeCaller(db, voicemail.accountId, voicemail.fromNumber),
    to: audience.to,
    durationSeconds: voicemail.durationSeconds,
    receivedAt: voicemail.createdAt,
    transcriptionStatus: voicemail.transcriptionStatus,
    transcription: voicemail.transcription,
    publicBaseUrl: ports.publicBaseUrl,
  };
  const recording = audience.emails.length > 0 ? await emailRecording(ports, voicemail) : null;
  const email = voicemailEmail({ ...message, recording: recording?.part });
  const attachments = recording?.attachments ?? [];
  const from =
    audience.phones.length > 0 ? await senderNumber(db, voicemail.accountId, voicemail.toNumber) : null;
  if (audience.phones.length > 0 && !from) {
    log.warn(
      { voicemailId: voicemail.id },
      "voicemail texts not sent: the account has no SMS-enabled number",
    );
  }
  const body = voicemailText(message);
  await deliverAll([
    ...(await bellDeliveries(ports, voicemail, audience.to)),
    ...audience.emails.map(
      (address) => () =>
        sendOnce(ports, `voicemail:${voicemail.id}:email:${address}`, async () => {
          await ports.mailer.send({ ...email, to: address, attachments });
          return true;
        }),
    ),
    ...(from
      ? audience.phones.map(
          (phone) => () =>
            sendOnce(ports, `voicemail:${voicemail.id}:sms:${phone}`, () =>
              sendNotificationText(ports, { accountId: voicemail.accountId, from, to: phone, body }),
            ),
        )
      : []),
  ]);
}

/**
 * The bell (each under their bellVoicemail preference): the voicemail's assignee (a member's own
 * line, round robin), or else every member of the account, once each.
 */
async function bellDeliveries(ports: VoicemailPorts, voicemail: VoicemailRow, to: string) {
  const userIds = voicemail.assigneeId
    ? [voicemail.assigneeId]
    : (await accountMembers(ports.db, voicemail.accountId)).map((member) => member.userId);
  return userIds.map(
    (userId) => () =>
      sendOnce(ports, `voicemail:${voicemail.id}:bell:${userId}`, async () => {
        await notifyMember(ports.db, {
          accountId: voicemail.accountId,
          userId,
          kind: "voicemail",
          title: `New voicemail from ${voicemail.fromNumber}`,
          body: `To ${to}, ${formatDuration(voicemail.durationSeconds)}.`,
          link: VOICEMAILS_LINK,
        });
        return true;
      }),
  );
}

/**
 * The recording as the e-mails carry it: attached when it is small enough, else a link that plays
 * it without signing in until it expires (voicemail_links). None while it is not stored.
 */
async function emailRecording(ports: VoicemailPorts, voicemail: VoicemailRow) {
  if (!voicemail.storagePath) return null;
  const audio = await storedRecording(ports.storage, voicemail.storagePath);
  if (audio.length <= (ports.attachmentMaxBytes ?? VOICEMAIL_ATTACHMENT_MAX_BYTES)) {
    const part: EmailRecording = { kind: "attached" };
    const file = {
      filename: `voicemail-${voicemail.recordingSid}.wav`,
      contentType: "audio/wav",
      content: audio,
    };
    return { part, attachments: [file] };
  }
  const { token, expiresAt } = await createVoicemailLink(ports.db, voicemail, ports.clock());
  const part: EmailRecording = {
    kind: "link",
    url: `${ports.publicBaseUrl}${voicemailLinkPath(token)}`,
    expiresAt,
  };
  return { part, attachments: [] };
}
