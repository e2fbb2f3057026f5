import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newId, schema } from "@poundline/db";
import { storageKeys } from "@poundline/platform/storage/keys";
import { createLocalFileStorage } from "@poundline/platform/storage/local";
import type { FileStorage } from "@poundline/platform/storage/port";
import type { TestApp } from "../../src/testing";

/** Recordings in a temporary folder of the test file's own. */
export function temporaryRecordings(): { dir: string; storage: FileStorage } {
  const dir = mkdtempSync(join(tmpdir(), "poundline-vm-"));
  return { dir, storage: createLocalFileStorage(dir) };
}

export interface VoicemailSpec {
  accountId: string;
  from: string;
  to?: string;
  at: Date;
  transcription?: string | null;
  status?: "unread" | "read";
  /** Stores these bytes as its recording. */
  audio?: Uint8Array;
  durationSeconds?: number;
}

export async function addVoicemail(t: TestApp, storage: FileStorage, spec: VoicemailSpec): Promise<string> {
  const id = newId("voicemail");
  const recordingSid = `RE${id.slice(3)}`;
  const storagePath = spec.audio ? storageKeys.voicemail(spec.accountId, recordingSid) : null;
  if (spec.audio && storagePath) await storage.put(storagePath, spec.audio);
  await t.db.db.insert(schema.voicemails).values({
    id,
    accountId: spec.accountId,
    callSid: `CA${id.slice(3)}`,
    recordingSid,
    recordingUrl: `https://api.twilio.com/Recordings/${recordingSid}`,
    storagePath,
    durationSeconds: spec.durationSeconds ?? 12,
    fromNumber: spec.from,
    toNumber: spec.to ?? "+15550002000",
    transcription: spec.transcription ?? null,
    transcriptionStatus: spec.transcription ? "completed" : "none",
    status: spec.status ?? "unread",
    createdAt: spec.at,
  });
  return id;
}
