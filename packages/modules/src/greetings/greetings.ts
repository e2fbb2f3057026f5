import { type Database, newId, schema } from "@poundline/db";
import type { greetingSlots } from "@poundline/db/enums";
import { and, asc, eq, sql } from "drizzle-orm";

const { extensions, greetings, phoneNumbers } = schema;

export type GreetingSlot = (typeof greetingSlots)[number];

/** Whose greeting: a number's (voicemail or after hours), or an extension's (voicemail). */
export type GreetingOwner =
  | { type: "number"; id: string; slot: GreetingSlot }
  | { type: "extension"; id: string; slot: "voicemail" };

export type GreetingRow = typeof greetings.$inferSelect;

/** The greeting as the console reads it. */
export function greetingView(row: GreetingRow) {
  return {
    numberId: row.phoneNumberId,
    extensionId: row.extensionId,
    slot: row.slot,
    kind: row.kind,
    text: row.ttsText,
    voice: row.voice,
    language: row.language,
    audioUrl: row.audioUrl,
    updatedAt: row.updatedAt,
  };
}

export type GreetingView = ReturnType<typeof greetingView>;

const ownerColumn = (owner: GreetingOwner) =>
  owner.type === "number" ? greetings.phoneNumberId : greetings.extensionId;

const ownerWhere = (accountId: string, owner: GreetingOwner) =>
  and(eq(greetings.accountId, accountId), eq(ownerColumn(owner), owner.id), eq(greetings.slot, owner.slot));

/** Whether the account has this number or extension (another account's id: false, like a missing one). */
export async function ownsGreetingOwner(db: Database, accountId: string, owner: GreetingOwner) {
  const table = owner.type === "number" ? phoneNumbers : extensions;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, owner.id), eq(table.accountId, accountId)))
    .limit(1);
  return row !== undefined;
}

/** The account's greetings, numbers' first. */
export async function listGreetings(db: Database, accountId: string): Promise<GreetingView[]> {
  const rows = await db
    .select()
    .from(greetings)
    .where(eq(greetings.accountId, accountId))
    .orderBy(asc(greetings.extensionId), asc(greetings.phoneNumberId), asc(greetings.slot));
  return rows.map(greetingView);
}

export type GreetingContent =
  | { kind: "tts"; text: string; voice: string; language: string }
  | { kind: "audio"; audioUrl: string };

/**
 * Sets an owner's greeting in its slot (replacing what was there), in one locked transaction.
 * Answers the greeting and the audio URL it replaced (its stored file is the caller's to remove),
 * or null when the owner is not the account's.
 */
export async function setGreeting(
  db: Database,
  accountId: string,
  owner: GreetingOwner,
  content: GreetingContent,
  now: Date,
): Promise<{ greeting: GreetingView; replaced: string | null } | null> {
  return db.transaction(async (tx) => {
    const table = owner.type === "number" ? phoneNumbers : extensions;
    // The owner's row locked: a delete waits, and a greeting is never left on a gone owner.
    const [found] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, owner.id), eq(table.accountId, accountId)))
      .for("update")
      .limit(1);
    if (!found) return null;
    const [before] = await tx
      .select({ audioUrl: greetings.audioUrl })
      .from(greetings)
      .where(ownerWhere(accountId, owner))
      .for("update");
    const values =
      content.kind === "tts"
        ? {
            kind: "tts" as const,
            ttsText: content.text,
            voice: content.voice,
            language: content.language,
            audioUrl: null,
          }
        : { kind: "audio" as const, ttsText: null, audioUrl: content.audioUrl };
    const [row] = await tx
      .insert(greetings)
      .values({
        id: newId("greeting"),
        accountId,
        ...(owner.type === "number" ? { phoneNumberId: owner.id } : { extensionId: owner.id }),
        slot: owner.slot,
        ...values,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [ownerColumn(owner), greetings.slot],
        targetWhere: sql`${ownerColumn(owner)} is not null`,
        set: { ...values, updatedAt: now },
      })
      .returning();
    if (!row) throw new Error("greeting not saved");
    const replaced = before?.audioUrl && before.audioUrl !== row.audioUrl ? before.audioUrl : null;
    return { greeting: greetingView(row), replaced };
  });
}

/**
 * Removes an owner's greeting (callers then hear the built-in words). Answers the audio URL it
 * had (its stored file is the caller's to remove), or null when the owner is not the account's.
 */
export async function removeGreeting(
  db: Database,
  accountId: string,
  owner: GreetingOwner,
): Promise<{ removed: string | null } | null> {
  if (!(await ownsGreetingOwner(db, accountId, owner))) return null;
  const [row] = await db
    .delete(greetings)
    .where(ownerWhere(accountId, owner))
    .returning({ audioUrl: greetings.audioUrl });
  return { removed: row?.audioUrl ?? null };
}

/** The audio URLs of an owner's greetings (a number or extension about to go: their files go too). */
export async function greetingAudioOf(db: Database, accountId: string, owner: Omit<GreetingOwner, "slot">) {
  const column = owner.type === "number" ? greetings.phoneNumberId : greetings.extensionId;
  const rows = await db
    .select({ audioUrl: greetings.audioUrl })
    .from(greetings)
    .where(and(eq(greetings.accountId, accountId), eq(column, owner.id)));
  return rows.flatMap((r) => (r.audioUrl ? [r.audioUrl] : []));
}
