import { verify } from "@node-rs/argon2";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { schema } from "@poundline/db";
import { hashToken, SESSION_COOKIE } from "@poundline/modules/auth/sessions";
import { createLoginThrottle } from "@poundline/modules/auth/throttle";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import {
  createGoogleTestApp,
  fakeIdToken,
  get,
  login,
  post,
  registration,
  sessionCookieOf,
  sessionsOf,
  setCookieOf,
  testClock,
  userByEmail,
} from "./helpers";

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("sessions", () => {
  const clock = testClock();
  let clocked: TestApp;
  beforeAll(async () => {
    clocked = await createTestApp({ clock: clock.now });
  });
  afterAll(() => clocked.close());

  it("refuses an expired session, deletes it and clears the cookie", async () => {
    const user = await createUser(clocked);
    const session = await signIn(clocked, user);
    clock.advance(30 * DAY_MS + 1000);
    const res = await get(clocked.app, "/api/auth/session", session.cookie);
    expect(res.json()).toEqual({
      user: null,
      account: null,
      isAdmin: false,
      twoFactorEnabled: false,
      twoFactorPending: false,
    });
    expect(setCookieOf(res, SESSION_COOKIE)?.value).toBe("");
    expect(await sessionsOf(clocked, user.id)).toHaveLength(0);
    const write = await post(
      clocked,
      "/api/auth/change-password",
      { currentPassword: user.password, newPassword: "abcdefgh", confirmPassword: "abcdefgh" },
      session.cookie,
    );
    expect(write.statusCode).toBe(401);
  });

  it("renews a session used with less than 15 days left, and re-sends the cookie", async () => {
    const user = await createUser(clocked);
    const session = await signIn(clocked, user);
    const [before] = await sessionsOf(clocked, user.id);

    clock.advance(10 * DAY_MS);
    const early = await get(clocked.app, "/api/auth/session", session.cookie);
    expect(early.json().user.id).toBe(user.id);
    expect(setCookieOf(early, SESSION_COOKIE)).toBeUndefined();
    expect((await sessionsOf(clocked, user.id))[0]?.expiresAt).toEqual(before?.expiresAt);

    clock.advance(6 * DAY_MS);
    const late = await get(clocked.app, "/api/auth/session", session.cookie);
    expect(late.json().user.id).toBe(user.id);
    const renewed = setCookieOf(late, SESSION_COOKIE);
    const expected = clock.now().getTime() + 30 * DAY_MS;
    expect(`${SESSION_COOKIE}=${renewed?.value}`).toBe(session.cookie);
    expect(Math.abs((renewed?.expires?.getTime() ?? 0) - expected)).toBeLessThan(1000);
    expect((await sessionsOf(clocked, user.id))[0]?.expiresAt.getTime()).toBe(expected);
  });

  it("refuses a tampered or malformed token", async () => {
    const user = await createUser(t);
    const { cookie } = await signIn(t, user);
    const token = cookie.slice(`${SESSION_COOKIE}=`.length);
    const flipped = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    for (const bad of [
      flipped,
      token.toUpperCase(),
      `${token}a`,
      hashToken(token),
      "",
      "a'; drop table users;--",
    ]) {
      const res = await get(t.app, "/api/auth/session", `${SESSION_COOKIE}=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().user, bad).toBeNull();
    }
    expect(await sessionsOf(t, user.id)).toHaveLength(1);
  });

  it("stores only the SHA-256 of the token", async () => {
    const user = await createUser(t);
    const res = await login(t, user.email, user.password);
    const token = (sessionCookieOf(res) ?? "").slice(`${SESSION_COOKIE}=`.length);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const rows = await sessionsOf(t, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  describe("behind HTTPS", () => {
    const origin = "https://phone.example.com";
    let https: TestApp;
    beforeAll(async () => {
      https = await createTestApp({ config: { PUBLIC_BASE_URL: origin } });
    });
    afterAll(() => https.close());

    it("marks the cookie Secure", async () => {
      const user = await createUser(https);
      const res = await https.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { origin },
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      expect(setCookieOf(res, SESSION_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: "Lax",
      });
    });
  });
});

describe("cross-site writes", () => {
  it("refuses a cookie-carrying write without an Origin and changes nothing", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const change = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { cookie: session.cookie },
      payload: { currentPassword: user.password, newPassword: "hijacked!", confirmPassword: "hijacked!" },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.code).toBe("FORBIDDEN");
    const row = await userByEmail(t, user.email);
    expect(await verify(row?.passwordHash ?? "", user.password)).toBe(true);

    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: session.cookie },
    });
    expect(logout.statusCode).toBe(403);
    expect(await sessionsOf(t, user.id)).toHaveLength(1);
  });

  it("refuses writes from a foreign Origin, with or without a cookie", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const evil = "https://evil.example";
    const register = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: evil },
      payload: registration({ email: "csrf@example.com" }),
    });
    expect(register.statusCode).toBe(403);
    expect(await userByEmail(t, "csrf@example.com")).toBeUndefined();

    const signin = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: evil },
      payload: { email: user.email, password: user.password },
    });
    expect(signin.statusCode).toBe(403);
    expect(setCookieOf(signin, SESSION_COOKIE)).toBeUndefined();

    const change = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { origin: evil, cookie: session.cookie },
      payload: { currentPassword: user.password, newPassword: "hijacked!", confirmPassword: "hijacked!" },
    });
    expect(change.statusCode).toBe(403);
    expect(await verify((await userByEmail(t, user.email))?.passwordHash ?? "", user.password)).toBe(true);
  });
});

describe("login throttling", () => {
  let throttled: TestApp;
  let redis: Redis | null = null;
  beforeAll(async () => {
    const url = process.env.TEST_REDIS_URL;
    redis = url ? new Redis(url, { keyPrefix: `test:${crypto.randomUUID()}:` }) : null;
    throttled = await createTestApp({
      redis,
      loginThrottle: createLoginThrottle({
        redis,
        keyPrefix: "poundline",
        limits: {
          perIp: 4,
          perAccountAndIp: 3,
          accountSlowdownAfter: 3,
          accountDelayMs: 1,
          accountMaxDelayMs: 4,
          windowSeconds: 60,
        },
      }),
    });
  });
  afterAll(async () => {
    await throttled.close();
    await redis?.quit();
  });

  it("limits attempts per IP address", async () => {
    for (let i = 0; i < 4; i++) {
      const res = await login(throttled, `someone-${i}@example.com`, "guess", "203.0.113.7");
      expect(res.statusCode).toBe(400);
    }
    const blocked = await login(throttled, "someone-else@example.com", "guess", "203.0.113.7");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("TOO_MANY_REQUESTS");
    // Another address is not affected.
    expect((await login(throttled, "someone-else@example.com", "guess", "203.0.113.8")).statusCode).toBe(400);
  });

  it("refuses an address that failed too often for an account, even with the right password", async () => {
    const user = await createUser(throttled);
    for (let i = 0; i < 3; i++) {
      const res = await login(throttled, user.email, "guess", "198.51.100.1");
      expect(res.json().error.message).toBe(authMessages.invalidCredentials);
    }
    const blocked = await login(throttled, user.email.toUpperCase(), user.password, "198.51.100.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe("Too many login attempts. Please try again in 1 minute(s).");
    expect(setCookieOf(blocked, SESSION_COOKIE)).toBeUndefined();
  });

  it("never locks the owner out: failures from many addresses only slow the account down", async () => {
    const user = await createUser(throttled);
    for (let i = 0; i < 6; i++) {
      const res = await login(throttled, user.email, "guess", `198.51.100.${i + 100}`);
      expect(res.json().error.message).toBe(authMessages.invalidCredentials);
    }
    expect((await login(throttled, user.email, user.password, "198.51.100.250")).statusCode).toBe(200);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const user = await createUser(throttled);
    for (let i = 0; i < 2; i++) await login(throttled, user.email, "guess", `192.0.2.${i + 1}`);
    expect((await login(throttled, user.email, user.password, "192.0.2.10")).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await login(throttled, user.email, "guess", `192.0.2.${i + 20}`);
    expect((await login(throttled, user.email, user.password, "192.0.2.30")).statusCode).toBe(200);
  });

  // With the deployment's limits (10 failures per account and address), on the test's store.
  it("checks at most 10 of 29 concurrent wrong passwords for one account from one address", async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 29 }, () => login(t, user.email, "guess", "203.0.113.29")),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
  });

  it("lets the owner in from another address after a stranger's wrong passwords", async () => {
    const user = await createUser(t);
    const stranger = [];
    for (let i = 0; i < 12; i++)
      stranger.push((await login(t, user.email, "guess", "203.0.113.66")).statusCode);
    expect(stranger).toEqual([...Array(10).fill(400), 429, 429]);
    const owner = await login(t, user.email, user.password, "198.51.100.7");
    expect(owner.statusCode).toBe(200);
    expect(sessionCookieOf(owner)).toBeDefined();
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    "keeps its Redis keys under the deployment's prefix",
    async () => {
      const url = process.env.TEST_REDIS_URL as string;
      const namespace = `test:${crypto.randomUUID()}:`;
      const prefixed = new Redis(url, { keyPrefix: namespace });
      const plain = new Redis(url);
      const app = await createTestApp({ redis: prefixed, config: { QUEUE_PREFIX: "pl-keys" } });
      try {
        expect((await get(app.app, "/api/auth/session")).statusCode).toBe(200);
        expect((await login(app, "nobody@example.com", "guess", "203.0.113.99")).statusCode).toBe(400);
        const keys = (await plain.keys(`${namespace}*`)).map((key) => key.slice(namespace.length));
        const limits = keys.filter((key) => key.includes("rl:http:") || key.includes("login:"));
        expect(limits.some((key) => key.startsWith("pl-keys:rl:http:"))).toBe(true);
        expect(limits.some((key) => key.startsWith("pl-keys:login:"))).toBe(true);
        expect(limits.filter((key) => !key.startsWith("pl-keys:"))).toEqual([]);
      } finally {
        await app.close();
        await prefixed.quit();
        await plain.quit();
      }
    },
    60_000,
  );
});

describe("forgot password", () => {
  const { jobOutbox, emailTokens, emailOutbox } = schema;
  const rowCounts = async () => ({
    jobs: await t.db.db.$count(jobOutbox),
    tokens: await t.db.db.$count(emailTokens),
    emails: await t.db.db.$count(emailOutbox),
  });

  it("does the same work on the request path whether or not the address has an account", async () => {
    const user = await createUser(t);
    const written: (typeof jobOutbox.$inferSelect)[] = [];
    const seen = new Set((await t.db.db.select({ id: jobOutbox.id }).from(jobOutbox)).map((job) => job.id));
    for (const email of [user.email, "nobody-here@example.com"]) {
      const before = await rowCounts();
      const res = await post(t, "/api/auth/forgot-password", { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: authMessages.resetRequested });
      const after = await rowCounts();
      // One job row, nothing else: the link and the e-mail are the job's work, off the request.
      expect({
        jobs: after.jobs - before.jobs,
        tokens: after.tokens - before.tokens,
        emails: after.emails - before.emails,
      }).toEqual({ jobs: 1, tokens: 0, emails: 0 });
      written.push(...(await t.db.db.select().from(jobOutbox)).filter((job) => !seen.has(job.id)));
      for (const job of written) seen.add(job.id);
    }
    expect(written.map((job) => [job.queue, job.jobName, job.payload])).toEqual([
      ["notifications", "password-reset", { email: user.email }],
      ["notifications", "password-reset", { email: "nobody-here@example.com" }],
    ]);
  });
});

describe("Google sign-in", () => {
  it("answers 503 NOT_CONFIGURED without a client id and secret", async () => {
    const res = await get(t.app, "/api/auth/google");
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({
      code: "NOT_CONFIGURED",
      message: "Google sign-in is not configured.",
    });
  });

  describe("configured, with the token exchange injected", () => {
    const exchanged: { code: string; verifier: string }[] = [];
    let nextClaims: Record<string, unknown> = {};
    let g: TestApp;
    beforeAll(async () => {
      g = await createGoogleTestApp(async (code, verifier) => {
        exchanged.push({ code, verifier });
        const idToken = fakeIdToken(nextClaims);
        return { idToken: () => idToken };
      });
    });
    afterAll(() => g.close());

    /** Starts at /google, comes back to the callback with the state Google would echo. */
    async function roundTrip(claims: Record<string, unknown>, tamper?: (state: string) => string) {
      nextClaims = claims;
      const start = await get(g.app, "/api/auth/google");
      expect(start.statusCode).toBe(302);
      const location = new URL(String(start.headers.location));
      const state = location.searchParams.get("state") ?? "";
      const cookies = start.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      const returned = tamper ? tamper(state) : state;
      return g.app.inject({
        method: "GET",
        url: `/api/auth/google/callback?code=the-code&state=${encodeURIComponent(returned)}`,
        headers: { cookie: cookies },
      });
    }

    it("sends the browser to Google with state and PKCE kept in short-lived cookies", async () => {
      const res = await get(g.app, "/api/auth/google");
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(location.origin).toBe("https://accounts.google.com");
      expect(location.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/google/callback`);
      expect(location.searchParams.get("scope")).toBe("openid profile email");
      expect(location.searchParams.get("code_challenge_method")).toBe("S256");
      const state = setCookieOf(res, "google_oauth_state");
      expect(state).toMatchObject({ httpOnly: true, sameSite: "Lax", maxAge: 600, path: "/api/auth/google" });
      expect(state?.value).toBe(location.searchParams.get("state"));
      expect(setCookieOf(res, "google_code_verifier")).toMatchObject({ httpOnly: true, maxAge: 600 });
    });

    it("creates the user, their trial account, the owner membership and a session", async () => {
      const res = await roundTrip({
        sub: "google-123",
        email: "Hedy@Example.com",
        email_verified: true,
        given_name: "Hedy",
        family_name: "Lamarr",
        name: "Hedy Lamarr",
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/dashboard");
      expect(exchanged.at(-1)).toMatchObject({ code: "the-code", verifier: expect.any(String) });
      const cookie = sessionCookieOf(res) ?? "";
      expect(cookie).not.toBe("");

      const user = await userByEmail(g, "hedy@example.com");
      expect(user).toMatchObject({
        googleId: "google-123",
        firstName: "Hedy",
        lastName: "Lamarr",
        passwordHash: null,
      });
      expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
      const memberships = await g.db.db
        .select()
        .from(schema.accountMemberships)
        .where(eq(schema.accountMemberships.userId, user?.id ?? ""));
      expect(memberships).toEqual([expect.objectContaining({ role: "owner" })]);
      const [account] = await g.db.db
        .select()
        .from(schema.accounts)
        .where(eq(schema.accounts.id, memberships[0]?.accountId ?? ""));
      expect(account).toMatchObject({
        companyName: "Hedy Lamarr",
        kind: "business",
        status: "trialing",
        addressLine1: null,
        city: null,
      });
      expect(account?.trialEndsAt).toBeInstanceOf(Date);
      expect(await sessionsOf(g, user?.id ?? "")).toHaveLength(1);

      const session = await get(g.app, "/api/auth/session", cookie);
      expect(session.json()).toMatchObject({
        user: { email: "hedy@example.com" },
        account: { role: "owner" },
      });

      // The second time finds the same user by Google id.
      const again = await roundTrip({ sub: "google-123", email: "hedy@example.com", email_verified: true });
      expect(again.headers.location).toBe("/dashboard");
      const users = await g.db.db.select().from(schema.users).where(eq(schema.users.googleId, "google-123"));
      expect(users).toHaveLength(1);
      expect(await sessionsOf(g, user?.id ?? "")).toHaveLength(2);
    });

    it("links an existing confirmed account by e-mail and keeps its password", async () => {
      const existing = await createUser(g);
      const res = await roundTrip({ sub: "google-linked", email: existing.email, email_verified: true });
      expect(res.headers.location).toBe("/dashboard");
      const user = await userByEmail(g, existing.email);
      expect(user?.googleId).toBe("google-linked");
      expect(user?.passwordHash).not.toBeNull();
    });

    it("drops the password of an unconfirmed account it links (pre-registration takeover)", async () => {
      const squatter = await createUser(g, { confirmed: false });
      const res = await roundTrip({ sub: "google-owner", email: squatter.email, email_verified: true });
      expect(res.headers.location).toBe("/dashboard");
      const user = await userByEmail(g, squatter.email);
      expect(user).toMatchObject({ googleId: "google-owner", passwordHash: null });
      expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
      expect((await login(g, squatter.email, squatter.password)).json().error.message).toBe(
        authMessages.invalidCredentials,
      );
    });

    it.each([
      [
        "a state that does not match",
        { sub: "g-1", email: "a1@example.com", email_verified: true },
        () => "forged",
      ],
      ["an empty state", { sub: "g-2", email: "a2@example.com", email_verified: true }, () => ""],
      ["an unverified e-mail", { sub: "g-3", email: "a3@example.com", email_verified: false }, undefined],
      [
        "a token for another client",
        { sub: "g-4", email: "a4@example.com", email_verified: true, aud: "x" },
        undefined,
      ],
      ["a token without an e-mail", { sub: "g-5", email_verified: true }, undefined],
    ])("refuses %s and creates nothing", async (_label, claims, tamper) => {
      const before = exchanged.length;
      const res = await roundTrip(claims, tamper);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login?error=google");
      expect(sessionCookieOf(res)).toBeUndefined();
      if (tamper) expect(exchanged.length).toBe(before);
      const users = await g.db.db.select().from(schema.users).where(eq(schema.users.googleId, claims.sub));
      expect(users).toHaveLength(0);
    });

    it("refuses a callback without the cookies it set", async () => {
      const res = await g.app.inject({ method: "GET", url: "/api/auth/google/callback?code=c&state=s" });
      expect(res.headers.location).toBe("/login?error=google");
    });

    it("refuses a callback where Google reports an error", async () => {
      const res = await g.app.inject({ method: "GET", url: "/api/auth/google/callback?error=access_denied" });
      expect(res.headers.location).toBe("/login?error=google");
    });
  });
});
