import type { Database, schema } from "@poundline/db";
import { emitWebhookEvent } from "../webhooks/emit";

type VoicemailRow = typeof schema.voicemails.$inferSelect;

/** A voicemail's webhook event, in the transaction of the update that made it true. */
export function emitVoicemailEvent(
  tx: Database,
  type: "voicemail.received" | "voicemail.transcribed",
  voicemail: VoicemailRow,
  at: Date,
) {
  const data = {
    id: voicemail.id,
    callSid: voicemail.callSid,
    from: voicemail.fromNumber,
    to: voicemail.toNumber,
    durationSeconds: voicemail.durationSeconds,
    transcriptionStatus: voicemail.transcriptionStatus,
    transcription: voicemail.transcription,
    links: { self: `/v1/voicemails/${voicemail.id}` },
  };
  return emitWebhookEvent(tx, { accountId: voicemail.accountId, type, at, data });
}
