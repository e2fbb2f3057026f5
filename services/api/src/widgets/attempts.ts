import { type Database, newId, schema } from "@poundline/db";
import { and, count, desc, eq, gte, lt } from "drizzle-orm";
import type { WidgetAttemptView } from "./schemas";

type Attempt = typeof schema.widgetAttempts.$inferInsert;

/** Logs one visitor attempt, accepted or refused. */
export async function recordAttempt(
  db: Database,
  attempt: Omit<Attempt, "id" | "createdAt">,
  now: Date,
): Promise<string> {
  const id = newId("widgetAttempt");
  await db.insert(schema.widgetAttempts).values({ ...attempt, id, createdAt: now });
  return id;
}

/** Accepted attempts of a widget in the UTC day of `now` (the daily cap counts these). */
export async function acceptedToday(db: Database, widgetId: string, now: Date): Promise<number> {
  const a = schema.widgetAttempts;
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const next = new Date(midnight.getTime() + 86_400_000);
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .where(
      and(
        eq(a.widgetId, widgetId),
        eq(a.outcome, "accepted"),
        gte(a.createdAt, midnight),
        lt(a.createdAt, next),
      ),
    );
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
  return { items: rows, total: total?.n ?? 0 };
}
