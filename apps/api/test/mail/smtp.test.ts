import { createServer } from "node:net";
import { schema } from "@poundline/db";
import { confirmEmailMessage } from "@poundline/modules/auth/emails";
import { createMailer } from "@poundline/platform/mailer";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port, keeping what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    received,
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** A port nothing listens on: bind one, then let it go. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** The text of a message as a reader sees it: quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe("mailer over SMTP", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  const outboxRow = async (id: string) => {
    const [row] = await t.db.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
    return row;
  };

  it("delivers the message and marks the outbox row sent", async () => {
    const mailer = createMailer({
      db: t.db.db,
      log: t.app.log,
      from: "Poundline <no-reply@poundline.test>",
      smtpUrl: smtp.url,
    });
    const link = "http://localhost:3000/api/auth/confirm-email?token=abcdefghijklmnopqrstuvwxyz234567";
    const id = await mailer.send(confirmEmailMessage("grace@example.com", "Grace", link));

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0];
    expect(message?.from).toBe("no-reply@poundline.test");
    expect(message?.to).toEqual(["grace@example.com"]);
    const text = decodeQuotedPrintable(message?.raw ?? "");
    expect(text).toMatch(/^From: Poundline <no-reply@poundline\.test>$/m);
    expect(text).toMatch(/^To: grace@example\.com$/m);
    expect(text).toMatch(/^Subject: Confirm your Poundline account$/m);
    expect(text).toContain(link);

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", toAddress: "grace@example.com", template: "confirm_email" });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("delivers an attachment (a voicemail's audio) as a MIME part with its bytes", async () => {
    const mailer = createMailer({
      db: t.db.db,
      log: t.app.log,
      from: "Poundline <no-reply@poundline.test>",
      smtpUrl: smtp.url,
    });
    const audio = new Uint8Array(Array.from({ length: 3000 }, (_, i) => i % 251));
    await mailer.send({
      to: "ivy@example.com",
      subject: "New voicemail from +13125550142 (5s)",
      text: "The recording is attached.",
      template: "voicemail",
      attachments: [{ filename: "voicemail-RE1.wav", contentType: "audio/wav", content: audio }],
    });
    const raw = smtp.received.find((m) => m.to.includes("ivy@example.com"))?.raw ?? "";
    expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(raw).toMatch(/^Content-Type: audio\/wav; name=voicemail-RE1\.wav$/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=voicemail-RE1\.wav$/m);
    const part = raw.split(/^Content-Disposition: attachment;.*$/m)[1] ?? "";
    const base64 =
      part
        .split(/\r?\n\r?\n/)[1]
        ?.split(/\r?\n--/)[0]
        ?.replace(/\s+/g, "") ?? "";
    expect(new Uint8Array(Buffer.from(base64, "base64"))).toEqual(audio);
  });

  it("marks the outbox row failed when the server cannot be reached", async () => {
    const mailer = createMailer({
      db: t.db.db,
      log: t.app.log,
      from: "Poundline <no-reply@poundline.test>",
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      timeoutMs: 2000,
    });
    await expect(
      mailer.send(confirmEmailMessage("lost@example.com", "Lost", "http://x/y")),
    ).rejects.toThrow();
    const [row] = await t.db.db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.toAddress, "lost@example.com"));
    expect(row).toMatchObject({ status: "failed", sentAt: null });
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });

  describe("behind the registration route", () => {
    let failing: TestApp;
    beforeAll(async () => {
      failing = await createTestApp({ config: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    });
    afterAll(() => failing.close());

    it("keeps registration working when delivery fails: 201, row failed", async () => {
      const res = await failing.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { origin: "http://localhost:3000" },
        payload: {
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          company: "Engines",
          password: "long enough",
          confirmPassword: "long enough",
          addressLine1: "1 Main St",
          city: "Austin",
          state: "TX",
          zipCode: "73301",
          country: "US",
        },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await failing.db.db
        .select()
        .from(schema.emailOutbox)
        .where(eq(schema.emailOutbox.toAddress, "ada@example.com"));
      expect(row).toMatchObject({ status: "failed", template: "confirm_email" });
    });
  });
});

describe("without SMTP (outbox only)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("logs that a message was written, never its link nor its address", async () => {
    const lines: object[] = [];
    const log = { info: (obj: object) => lines.push(obj), error: (obj: object) => lines.push(obj) };
    const mailer = createMailer({ db: t.db.db, log, from: "Poundline <no-reply@poundline.test>" });
    const link = "http://localhost:3000/api/auth/confirm-email?token=secret-token-abc";
    const id = await mailer.send(confirmEmailMessage("reader@example.com", "Ada", link));
    const [row] = await t.db.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
    expect(row?.textBody).toContain(link);
    expect(lines).toHaveLength(1);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain("secret-token-abc");
    expect(logged).not.toContain("reader@example.com");
  });
});
