import { schema } from "@poundline/db";
import type { GoogleTokenExchange } from "@poundline/modules/auth/google";
import { passwordResetProcessor } from "@poundline/modules/auth/password-reset";
import { SESSION_COOKIE } from "@poundline/modules/auth/sessions";
import { createProcessors, startJobs } from "@poundline/modules/jobs";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { App } from "../../src/app";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";

export const STRONG_PASSWORD = "Sup3r-secret!";

/** A registration body that passes every rule; override what a test is about. */
export function registration(overrides: Record<string, unknown> = {}) {
  const suffix = crypto.randomUUID().slice(0, 8);
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada-${suffix}@example.com`,
    company: "Analytical Engines LLC",
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    addressLine1: "12 Market Street",
    addressLine2: "Suite 4",
    city: "Orlando",
    state: "FL",
    zipCode: "32801",
    country: "US",
    ...overrides,
  };
}

/** A JSON write from our own web origin, with an optional session cookie. */
export function post(t: TestApp, url: string, payload?: unknown, sessionCookie?: string) {
  return t.app.inject({
    method: "POST",
    url,
    headers: { origin: TEST_ORIGIN, ...(sessionCookie ? { cookie: sessionCookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function get(app: App, url: string, sessionCookie?: string) {
  return app.inject({ method: "GET", url, headers: sessionCookie ? { cookie: sessionCookie } : {} });
}

/** `session=<token>` from a response that set the session cookie, or undefined. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return set?.value ? `${SESSION_COOKIE}=${set.value}` : undefined;
}

export function setCookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

const quietLog = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A test app whose jobs run in this process (the in-process driver and the outbox relay), as in
 * the embedded default: what "forgot password" queues gets mailed.
 */
export async function createTestAppWithJobs(
  overrides: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  const t = await createTestApp(overrides);
  const jobs = await startJobs({
    db: t.db.db,
    log: quietLog,
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    processors: createProcessors({
      notifications: {
        "password-reset": passwordResetProcessor({ mailer: t.app.deps.mailer, config: t.config }),
      },
    }),
  });
  t.app.deps.jobs = jobs;
  return {
    ...t,
    async close() {
      await jobs.stop();
      await t.close();
    },
  };
}

/** Waits until every job queued so far has run (or failed for good). */
export async function jobsSettled(t: TestApp, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await t.db.db
      .select({ id: schema.jobOutbox.id })
      .from(schema.jobOutbox)
      .where(isNull(schema.jobOutbox.settledAt))
      .limit(1);
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks for a reset link (on an app with jobs) and waits for the job that mails it. */
export async function forgotPassword(t: TestApp, email: string) {
  const res = await post(t, "/api/auth/forgot-password", { email });
  await jobsSettled(t);
  return res;
}

/** The newest outbox e-mail of a template sent to an address. */
export async function lastEmail(t: TestApp, to: string, template: string) {
  const [row] = await t.db.db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.toAddress, to), eq(schema.emailOutbox.template, template)))
    .orderBy(desc(schema.emailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${template} e-mail to ${to}`);
  return row;
}

/** The link in an e-mail's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): URL {
  const found = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return new URL(found);
}

/** Registers through the API and returns the confirmation link of the e-mail it sent. */
export async function registerAndGetLink(t: TestApp, body = registration()) {
  const res = await post(t, "/api/auth/register", body);
  if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
  const email = await lastEmail(t, String(body.email).toLowerCase(), "confirm_email");
  return { body, link: linkIn(email.textBody, `${TEST_ORIGIN}/api/auth/confirm-email?token=`) };
}

export async function login(t: TestApp, email: string, password: string, ip = "127.0.0.1") {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
}

export async function userByEmail(t: TestApp, email: string) {
  const [user] = await t.db.db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
  return user;
}

export async function sessionsOf(t: TestApp, userId: string) {
  return t.db.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
}

/** A clock a test can move. */
export function testClock(start = new Date("2026-03-02T12:00:00Z")) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export const GOOGLE_CLIENT_ID = "test-client.apps.googleusercontent.com";

/** An unsigned ID token with these claims (arctic's decodeIdToken only reads the payload). */
export function fakeIdToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256", typ: "JWT" })}.${part({ iss: "https://accounts.google.com", aud: GOOGLE_CLIENT_ID, ...claims })}.c2ln`;
}

/** An app with Google configured and the token exchange replaced, so the callback runs offline. */
export function createGoogleTestApp(exchange: GoogleTokenExchange): Promise<TestApp> {
  return createTestApp({
    config: { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-secret" },
    googleTokenExchange: exchange,
  });
}
