import type { Database } from "@poundline/db";
import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is about: confirm_email, reset_password, contact_form, … */
  template: string;
  /** Files sent with the message (a voicemail's audio); over SMTP only, never kept in the outbox. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mailer {
  /** Records the message in the outbox and delivers it; resolves to the outbox row id. */
  send(email: OutgoingEmail): Promise<string>;
}

/** What the mailer logs to (pino and Fastify's logger fit). */
export interface MailerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions {
  db: Database;
  log: MailerLog;
  from: string;
  /** smtp:// or smtps:// URL; without it the outbox row is the delivery (the log only says one was written). */
  smtpUrl?: string | undefined;
  /** Give up on an unresponsive server after this long (default 10 s): a request waits on it. */
  timeoutMs?: number;
}

/** One mailer: SMTP through nodemailer when configured, the outbox table otherwise. */
export function createMailer({ db, log, from, smtpUrl, timeoutMs = 10_000 }: MailerOptions): Mailer {
  // nodemailer waits up to 2 minutes to connect and 10 to send by default: far too long for a
  // request that waits on the delivery.
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs * 3,
      })
    : null;
  return {
    async send(email) {
      const id = newId("email");
      await db.insert(schema.emailOutbox).values({
        id,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
        template: email.template,
        status: transport ? "pending" : "logged",
      });
      if (!transport) {
        // Never the body: it holds reset and confirmation links, and a log is read by more
        // people, and kept longer, than the outbox (the admin area reads the message there).
        log.info({ emailId: id, template: email.template, subject: email.subject }, "e-mail (outbox only)");
        return id;
      }
      try {
        await transport.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: (email.attachments ?? []).map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content),
          })),
        });
        await db
          .update(schema.emailOutbox)
          .set({ status: "sent", sentAt: new Date() })
          .where(eq(schema.emailOutbox.id, id));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        log.error({ emailId: id, err }, "e-mail delivery failed");
        await db
          .update(schema.emailOutbox)
          .set({ status: "failed", error: message })
          .where(eq(schema.emailOutbox.id, id));
        throw err;
      }
      return id;
    },
  };
}
