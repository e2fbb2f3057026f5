import { createHash } from "node:crypto";
import { type Database, schema } from "@poundline/db";
import { and, eq, lt } from "drizzle-orm";
import { acceptedToday, lockWidget, recordAttempt, recordRefusalLocked } from "./attempts";
import { listLicensedNumbers } from "./widgets";

/** A widget as the public callback and text endpoints need it. */
export interface IntakeWidget {
  id: string;
  accountId: string;
  type: (typeof schema.widgetTypes)[number];
  allowedOrigins: string[];
  /** The widget's own licensed number, null when it has none (or it is no longer the account's). */
  business: { e164: string; phoneNumberId: string | null } | null;
  /** Every number of the account: a visitor may not give one of them as their own. */
  accountNumbers: string[];
}

export async function findIntakeWidget(db: Database, publicKey: string): Promise<IntakeWidget | null> {
  const w = schema.widgetConfigurations;
  const [row] = await db.select().from(w).where(eq(w.publicKey, publicKey));
  if (!row) return null;
  const numbers = await listLicensedNumbers(db, row.accountId);
  const numberId = row.phoneNumberId ?? row.territoryLicenseId;
  const own = numbers.find((n) => n.id === numberId);
  return {
    id: row.id,
    accountId: row.accountId,
    type: row.type,
    allowedOrigins: row.allowedOrigins,
    business: own ? { e164: own.e164, phoneNumberId: own.kind === "phone_number" ? own.id : null } : null,
    accountNumbers: numbers.map((n) => n.e164),
  };
}

/**
 * Spends a (verified) challenge: true the first time, false when it was used before, on any API
 * instance. Spent challenges are kept until they expire; expired ones are swept on the way.
 */
export async function spendChallenge(
  db: Database,
  widgetId: string,
  challenge: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  const uses = schema.widgetChallengeUses;
  await db.delete(uses).where(lt(uses.expiresAt, now));
  const inserted = await db
    .insert(uses)
    .values({ challengeHash: createHash("sha256").update(challenge).digest("hex"), widgetId, expiresAt })
    .onConflictDoNothing()
    .returning({ hash: uses.challengeHash });
  return inserted.length === 1;
}

type AttemptFields = Omit<typeof schema.widgetAttempts.$inferInsert, "id" | "createdAt" | "outcome">;

/**
 * Logs an attempt as accepted if the widget's daily cap has room, else as refused by the cap.
 * The widget's row is locked while counting, so concurrent attempts on any instance cannot all
 * see the last free place.
 */
export async function admitWithinDailyCap(
  db: Database,
  attempt: AttemptFields,
  now: Date,
): Promise<{ ok: true; attemptId: string } | { ok: false }> {
  return db.transaction(async (tx) => {
    const cap = (await lockWidget(tx, attempt.widgetId)) ?? 0;
    if ((await acceptedToday(tx, attempt.widgetId, now)) >= cap) {
      await recordRefusalLocked(
        tx,
        { ...attempt, outcome: "daily_cap", detail: `Daily cap of ${cap} reached` },
        now,
      );
      return { ok: false as const };
    }
    return {
      ok: true as const,
      attemptId: await recordAttempt(tx, { ...attempt, outcome: "accepted" }, now),
    };
  });
}

/** What became of an accepted attempt: the call or text it made, or why it failed after all. */
export async function settleAttempt(
  db: Database,
  attemptId: string,
  settled: { outcome: "accepted" | "failed"; detail: string },
): Promise<void> {
  const a = schema.widgetAttempts;
  await db
    .update(a)
    .set(settled)
    .where(and(eq(a.id, attemptId), eq(a.outcome, "accepted")));
}
