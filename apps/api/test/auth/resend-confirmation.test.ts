import { authMessages } from "@poundline/contracts/auth/messages";
import { schema } from "@poundline/db";
import { MAX_CONFIRM_EMAILS_PER_DAY } from "@poundline/modules/auth/registration";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESEND_CONFIRMATION_RATE_LIMIT } from "../../src/routes/auth/resend-confirmation";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { linkIn, login, registerAndGetLink, registration, STRONG_PASSWORD } from "./helpers";

/** POST /api/auth/resend-confirmation: "Email Not Confirmed" on the sign-in page, with a way out. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each request from its own client address unless told: the per-client limit has its own test. */
let client = 0;
const resend = (email: unknown, ip = `198.51.100.${++client}`) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/resend-confirmation",
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
    payload: { email },
  });

const confirmMails = (to: string) =>
  t.db.db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.toAddress, to), eq(schema.emailOutbox.template, "confirm_email")));

describe("resend the confirmation e-mail: happy", () => {
  it("an unconfirmed address gets a new link that confirms it, and sign-in then works", async () => {
    const { body } = await registerAndGetLink(t);
    const email = String(body.email).toLowerCase();
    const res = await resend(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.confirmationResent });
    const mails = await confirmMails(email);
    expect(mails).toHaveLength(2);
    const newest = mails.sort((a, b) => +b.createdAt - +a.createdAt)[0];
    const link = linkIn(newest?.textBody ?? "", `${TEST_ORIGIN}/api/auth/confirm-email?token=`);
    const confirmed = await t.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(confirmed.statusCode).toBe(303);
    expect((await login(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe("resend the confirmation e-mail: the same answer, no mail, whatever the address", () => {
  it.each([
    ["unknown", async () => `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`],
    [
      "already confirmed",
      async () => {
        const { body, link } = await registerAndGetLink(t, registration());
        await t.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
        return String(body.email).toLowerCase();
      },
    ],
  ])("%s", async (_case, addressOf) => {
    const email = await addressOf();
    const before = (await confirmMails(email)).length;
    const res = await resend(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.confirmationResent });
    expect(await confirmMails(email)).toHaveLength(before);
  });
});

describe("resend the confirmation e-mail: bad input and limits", () => {
  it.each([[""], [`${"a".repeat(300)}@example.com`], [42], [null]])(
    "the address %j is 400 with its field message",
    async (email) => {
      const res = await resend(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty(["body.email"]);
    },
  );

  it(`mails an address at most ${MAX_CONFIRM_EMAILS_PER_DAY} links a day, registration's included`, async () => {
    const { body } = await registerAndGetLink(t);
    const email = String(body.email).toLowerCase();
    for (let i = 0; i < MAX_CONFIRM_EMAILS_PER_DAY + 2; i++)
      expect((await resend(email)).statusCode).toBe(200);
    expect(await confirmMails(email)).toHaveLength(MAX_CONFIRM_EMAILS_PER_DAY);
  });

  it("one client past its limit a minute is refused with 429", async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= RESEND_CONFIRMATION_RATE_LIMIT.max; i++)
      statuses.push((await resend(email, "203.0.113.77")).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
