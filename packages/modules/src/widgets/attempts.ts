import type { WidgetAttemptView } from "@poundline/contracts/widgets/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { and, count, desc, eq, gte, lt } from "drizzle-orm";

type Attempt = typeof schema.widgetAttempts.$inferInsert;

/**
 * Refused attempts logged per widget per UTC day, at most: past it refusals are still refused,
 * just not written, so a flood of bad requests cannot grow the table without end. Accepted
 * attempts are bounded by the widget's daily cap, so a widget writes at most this plus its cap.
 */
export const WIDGET_REFUSALS_LOGGED_PER_DAY = 1000;

const preview = (text: string) => `“${text.length > 60 ? `${text.slice(0, 57)}...` : text}”`;

/**
 * The log's detail of what an admitted attempt became, in the customer's words: the visitor's own
 * words, never the ids it was stored under (a call's CallSid, a text's message id).
 */
export const ATTEMPT_DETAILS = {
  callbackPlaced: "Callback placed: your number rings first, then the visitor",
  textStored: (body: string) => `Text in Messages: ${preview(body.trim())}`,
  textNotStored: (reason: string) =>
    reason === "duplicate" ? "Already received: not stored twice" : "Not stored: the account is closed",
};

/** Details logged before ATTEMPT_DETAILS, which named ids ("Message WIDGET_wga_…", "Call CA…"). */
function readableDetail(detail: string | null): string | null {
  if (detail === null) return null;
  if (/^Message WIDGET_\S+$/.test(detail)) return "Text in Messages";
  if (/^Call \S+$/.test(detail)) return ATTEMPT_DETAILS.callbackPlaced;
  return detail;
}

/** Logs one visitor attempt, accepted or refused (see recordRefusal for refusals). */
export async function recordAttempt(
  db: Database,
  attempt: Omit<Attempt, "id" | "createdAt">,
  now: Date,
): Promise<string> {
  const id = newId("widgetAttempt");
  await db.insert(schema.widgetAttempts).values({ ...attempt, id, createdAt: now });
  return id;
}

/**
 * Logs a refused attempt unless the widget's log of the day is full. Call it inside a transaction
 * that holds the widget's row lock (lockWidget), so concurrent refusals cannot all see the last
 * free place. True when it was written.
 */
export async function recordRefusalLocked(
  tx: Database,
  attempt: Omit<Attempt, "id" | "createdAt">,
  now: Date,
): Promise<boolean> {
  if ((await attemptsToday(tx, attempt.widgetId, now)) >= WIDGET_REFUSALS_LOGGED_PER_DAY) return false;
  await recordAttempt(tx, attempt, now);
  return true;
}

/** Logs a refused attempt, within the daily bound (WIDGET_REFUSALS_LOGGED_PER_DAY). */
export function recordRefusal(
  db: Database,
  attempt: Omit<Attempt, "id" | "createdAt">,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockWidget(tx, attempt.widgetId);
    return recordRefusalLocked(tx, attempt, now);
  });
}

/** Locks a widget's row until the transaction ends; its daily cap, or null when it is gone. */
export async function lockWidget(tx: Database, widgetId: string): Promise<number | null> {
  const w = schema.widgetConfigurations;
  const [widget] = await tx.select({ dailyCap: w.dailyCap }).from(w).where(eq(w.id, widgetId)).for("update");
  return widget?.dailyCap ?? null;
}

/** The UTC day of `now`, as the range the daily counts cover. */
function dayOf(now: Date) {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { from: midnight, to: new Date(midnight.getTime() + 86_400_000) };
}

/** Accepted attempts of a widget in the UTC day of `now` (the daily cap counts these). */
export async function acceptedToday(db: Database, widgetId: string, now: Date): Promise<number> {
  const a = schema.widgetAttempts;
  const day = dayOf(now);
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .where(
      and(
        eq(a.widgetId, widgetId),
        eq(a.outcome, "accepted"),
        gte(a.createdAt, day.from),
        lt(a.createdAt, day.to),
      ),
    );
  return row?.n ?? 0;
}

/** Every attempt a widget logged in the UTC day of `now` (the log's daily bound counts these). */
async function attemptsToday(db: Database, widgetId: string, now: Date): Promise<number> {
  const a = schema.widgetAttempts;
  const day = dayOf(now);
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .where(and(eq(a.widgetId, widgetId), gte(a.createdAt, day.from), lt(a.createdAt, day.to)));
  return row?.n ?? 0;
}

/** A widget's attempts, newest first; null when the widget is not the account's. */
export async function listAttempts(
  db: Database,
  accountId: string,
  widgetId: string,
  page: { limit: number; offset: number },
): Promise<{ items: WidgetAttemptView[]; total: number } | null> {
  const w = schema.widgetConfigurations;
  const a = schema.widgetAttempts;
  const [widget] = await db
    .select({ id: w.id })
    .from(w)
    .where(and(eq(w.id, widgetId), eq(w.accountId, accountId)));
  if (!widget) return null;
  const where = and(eq(a.widgetId, widgetId), eq(a.accountId, accountId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: a.id,
        kind: a.kind,
        outcome: a.outcome,
        origin: a.origin,
        ip: a.ip,
        visitorNumber: a.visitorNumber,
        detail: a.detail,
        createdAt: a.createdAt,
      })
      .from(a)
      .where(where)
      .orderBy(desc(a.createdAt), desc(a.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(a).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, detail: readableDetail(r.detail) })), total: total?.n ?? 0 };
}
