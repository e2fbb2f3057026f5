/**
 * The admin outbox view and the links that stand for an account: with real delivery (SMTP) an
 * admin never reads a password-reset or confirmation token; without it, the outbox is the only
 * delivery and keeps them.
 */
import { newId, schema } from "@poundline/db";
import { redactTokenLinks } from "@poundline/modules/admin/emails";
import { confirmEmailMessage, resetPasswordMessage } from "@poundline/modules/auth/emails";
import { publicUrl } from "@poundline/modules/auth/ports";
import { generateToken } from "@poundline/modules/auth/sessions";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

const site = { PUBLIC_BASE_URL: TEST_ORIGIN };

async function outboxRow(t: TestApp, email: OutgoingEmail): Promise<string> {
  const id = newId("email");
  await t.db.db.insert(schema.emailOutbox).values({
    id,
    toAddress: email.to,
    subject: email.subject,
    template: email.template,
    textBody: email.text,
    htmlBody: email.html ?? null,
    status: "sent",
  });
  return id;
}

async function adminReads(t: TestApp, session: SignedIn, id: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/admin/emails/${id}`, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ textBody: string; htmlBody: string | null; subject: string }>();
}

describe.each([
  ["with SMTP configured", { SMTP_URL: "smtp://mail.invalid:2525" }, true],
  ["without SMTP (the outbox is the delivery)", {}, false],
])("the outbox view %s", (_name, config, redacted) => {
  let t: TestApp;
  let session: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ config });
    session = await signIn(t, await createUser(t, { admin: true }));
  });
  afterAll(() => t.close());

  it.each([
    ["a password reset", "/reset-password", resetPasswordMessage],
    ["an e-mail confirmation", "/api/auth/confirm-email", confirmEmailMessage],
  ])(`${redacted ? "hides" : "shows"} the token of %s`, async (_kind, path, message) => {
    const token = generateToken();
    const link = publicUrl(site, path, { token });
    const id = await outboxRow(t, message("victim@example.com", "Vic", link));
    const email = await adminReads(t, session, id);
    const shown = `${email.textBody}\n${email.htmlBody}`;
    if (redacted) {
      expect(shown).not.toContain(token);
      expect(email.textBody).toContain(`${TEST_ORIGIN}${path}?token=[redacted]`);
    } else {
      expect(email.textBody).toContain(link);
      expect(email.htmlBody).toContain(token);
    }
    expect(email.subject).toBe(message("victim@example.com", "Vic", link).subject);
  });
});

describe("redactTokenLinks", () => {
  it.each([
    ["http://x.test/reset-password?token=abc234", "http://x.test/reset-password?token=[redacted]"],
    ["http://x.test/a?lang=en&token=abc&next=/", "http://x.test/a?lang=en&token=[redacted]&next=/"],
    [
      '<a href="http://x.test/a?lang=en&amp;token=abc">',
      '<a href="http://x.test/a?lang=en&amp;token=[redacted]">',
    ],
    ["no link, the word token=here", "no link, the word token=here"],
  ])("%s", (body, expected) => {
    expect(redactTokenLinks(body)).toBe(expected);
  });
});
