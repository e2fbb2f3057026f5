import { sql } from "drizzle-orm";
import { check, foreignKey, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { idColumn, oneOf, timestamps } from "./columns";
import { greetingCallStatuses, greetingCallTargets, greetingKinds, greetingSlots } from "./enums";
import { extensions, phoneNumbers } from "./telephony";

/**
 * The greetings callers hear: a number's voicemail and after-hours greetings, an extension's
 * voicemail greeting. One row per owner and slot, either text to speech (with the carrier's voice
 * and language) or a stored recording (the public URL the carrier plays, the file behind it in
 * the storage port). No row: the built-in words. Kept apart from number_routing, so the routing's
 * save (a whole form) and a greeting's (an upload, a call) never overwrite each other.
 */
export const greetings = pgTable(
  "greetings",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The number whose greeting it is (or the extension's, one of the two). */
    phoneNumberId: text("phone_number_id"),
    extensionId: text("extension_id"),
    slot: text("slot", { enum: greetingSlots }).notNull(),
    kind: text("kind", { enum: greetingKinds }).notNull(),
    /** tts: the words said. */
    ttsText: text("tts_text"),
    voice: text("voice").notNull().default("man"),
    language: text("language").notNull().default("en-US"),
    /** audio: the public URL of the stored recording the carrier plays. */
    audioUrl: text("audio_url"),
    ...timestamps,
  },
  (t) => [
    // The owner lives in the greeting's account: no greeting points into another tenant.
    foreignKey({
      name: "greetings_phone_number_fk",
      columns: [t.phoneNumberId, t.accountId],
      foreignColumns: [phoneNumbers.id, phoneNumbers.accountId],
    }).onDelete("cascade"),
    foreignKey({
      name: "greetings_extension_fk",
      columns: [t.extensionId, t.accountId],
      foreignColumns: [extensions.id, extensions.accountId],
    }).onDelete("cascade"),
    uniqueIndex("greetings_number_slot_key")
      .on(t.phoneNumberId, t.slot)
      .where(sql`${t.phoneNumberId} is not null`),
    uniqueIndex("greetings_extension_slot_key")
      .on(t.extensionId, t.slot)
      .where(sql`${t.extensionId} is not null`),
    index("greetings_account_idx").on(t.accountId),
    check("greetings_owner_check", sql`num_nonnulls(${t.phoneNumberId}, ${t.extensionId}) = 1`),
    check("greetings_slot_check", oneOf(t.slot, greetingSlots)),
    // An extension has a voicemail greeting only.
    check("greetings_extension_slot_check", sql`${t.extensionId} is null or ${t.slot} = 'voicemail'`),
    check("greetings_kind_check", oneOf(t.kind, greetingKinds)),
    check(
      "greetings_content_check",
      sql`(${t.kind} = 'tts' and length(trim(${t.ttsText})) > 0 and ${t.audioUrl} is null)
        or (${t.kind} = 'audio' and ${t.audioUrl} is not null)`,
    ),
  ],
);

/**
 * A greeting recorded by phone: the carrier calls the member's phone, records, plays it back and
 * asks 1 to save or 2 to record again. The row follows the call (its CallSid, the recording's
 * RecordingSid, unique: a duplicate delivery finds them already set); on save a worker fetches the
 * recording, stores it, sets it as the target's greeting and deletes it at the carrier.
 */
export const greetingCalls = pgTable(
  "greeting_calls",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the greeting is for: a number's slot, an extension's voicemail, an IVR menu. */
    targetType: text("target_type", { enum: greetingCallTargets }).notNull(),
    targetId: text("target_id").notNull(),
    slot: text("slot", { enum: greetingSlots }).notNull().default("voicemail"),
    /** The member's phone the carrier calls. */
    phone: text("phone").notNull(),
    callSid: text("call_sid"),
    status: text("status", { enum: greetingCallStatuses }).notNull().default("calling"),
    /** The last recording made on the call (a new take replaces it). */
    recordingSid: text("recording_sid"),
    recordingUrl: text("recording_url"),
    /** The stored greeting's public URL once saved. */
    audioUrl: text("audio_url"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("greeting_calls_call_sid_key").on(t.callSid),
    index("greeting_calls_account_idx").on(t.accountId, t.createdAt),
    check("greeting_calls_target_type_check", oneOf(t.targetType, greetingCallTargets)),
    check("greeting_calls_slot_check", oneOf(t.slot, greetingSlots)),
    check("greeting_calls_status_check", oneOf(t.status, greetingCallStatuses)),
    check(
      "greeting_calls_recorded_check",
      sql`${t.status} not in ('recorded', 'saving', 'saved') or ${t.recordingUrl} is not null`,
    ),
  ],
);
