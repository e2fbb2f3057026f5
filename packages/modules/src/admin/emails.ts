import type { ListEmailsQuery, OutboxEmail, OutboxEmailSummary } from "@poundline/contracts/admin/schemas";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { count, desc, eq, ilike } from "drizzle-orm";

const { emailOutbox } = schema;

const summaryColumns = {
  id: emailOutbox.id,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  status: emailOutbox.status,
  error: emailOutbox.error,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
};

type EmailStatus = OutboxEmail["status"];

/** The CHECK constraint holds status to the e-mail statuses of the schema. */
function withStatus<T extends { status: string }>(row: T): T & { status: EmailStatus } {
  return { ...row, status: row.status as EmailStatus };
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The e-mail outbox, newest first, optionally for recipients matching `to`. */
export async function listOutboxEmails(
  db: Database,
  query: ListEmailsQuery,
): Promise<{ emails: OutboxEmailSummary[]; total: number }> {
  const where = query.to ? ilike(emailOutbox.toAddress, containsPattern(query.to)) : undefined;
  const rows = await db
    .select(summaryColumns)
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ total: count() }).from(emailOutbox).where(where);
  return { emails: rows.map(withStatus), total: counted?.total ?? 0 };
}

/** A `token` parameter of a link (`?token=…`, `&token=…`, `&amp;token=…` in HTML). */
const TOKEN_PARAMETER = /([?&](?:amp;)?token=)[^&\s"'<>]+/gi;

/** The body with the token of every link (password reset, e-mail confirmation) blanked out. */
export function redactTokenLinks(body: string): string {
  return body.replace(TOKEN_PARAMETER, "$1[redacted]");
}

/**
 * One e-mail with its bodies. With real delivery (SMTP), the addressee got the links: an admin
 * reading the outbox must not (a reset link is the account), so `redactTokens` blanks them out.
 */
export async function findOutboxEmail(
  db: Database,
  id: string,
  options: { redactTokens: boolean },
): Promise<OutboxEmail | null> {
  const [row] = await db
    .select({ ...summaryColumns, textBody: emailOutbox.textBody, htmlBody: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  if (!row) return null;
  if (!options.redactTokens) return withStatus(row);
  return withStatus({
    ...row,
    textBody: redactTokenLinks(row.textBody),
    htmlBody: row.htmlBody === null ? null : redactTokenLinks(row.htmlBody),
  });
}
