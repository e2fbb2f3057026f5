import { type Database, schema, sqlNewId } from "@poundline/db";
import { sql } from "drizzle-orm";

const { jobOutbox, scheduledTexts } = schema;

/**
 * Hands every due pending text to the workers: one outbox row each, unless one is waiting
 * already. Sending claims the row, so a text handed twice is still sent once. Answers how many.
 */
export async function enqueueDueTexts(db: Database, now: Date): Promise<number> {
  const result = await db.execute(sql`insert into ${jobOutbox} (id, queue, job_name, job_id, payload)
    select ${sqlNewId("job")}, 'notifications', 'send-scheduled-text', 'scheduled-text:' || s.id,
      jsonb_build_object('scheduledTextId', s.id)
    from ${scheduledTexts} s
    where s.status = 'pending' and s.send_at <= ${now.toISOString()}::timestamptz
      and not exists (select 1 from ${jobOutbox} o where o.queue = 'notifications'
        and o.job_id = 'scheduled-text:' || s.id and o.settled_at is null)
    limit 500
    returning id`);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows.length;
}
