import { schema } from "@poundline/db";
import { leadingZeroBits, powDigest } from "@poundline/modules/widgets/proof-of-work";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { createWidget, insertNumber } from "./helpers";

/** Low enough for fast tests, high enough that a wrong solution is (almost always) refused. */
export const TEST_POW_DIFFICULTY = "8";

export const SITE = "https://shop.example";

export function solve(challenge: string, difficulty: number): string {
  for (let i = 0; ; i++) if (leadingZeroBits(powDigest(challenge, String(i))) >= difficulty) return String(i);
}

export function unsolved(challenge: string, difficulty: number): string {
  for (let i = 0; ; i++) if (leadingZeroBits(powDigest(challenge, String(i))) < difficulty) return String(i);
}

export interface VisitorOptions {
  origin?: string | undefined;
  ip?: string;
}

export async function fetchChallenge(t: TestApp, publicKey: string, options: VisitorOptions = {}) {
  const origin = "origin" in options ? options.origin : SITE;
  return t.app.inject({
    method: "POST",
    url: `/widget/${publicKey}/challenge`,
    headers: origin ? { origin } : {},
    remoteAddress: options.ip ?? "203.0.113.7",
  });
}

/** A solved challenge, as the widget script sends it. */
export async function solvedChallenge(t: TestApp, publicKey: string, options: VisitorOptions = {}) {
  const res = await fetchChallenge(t, publicKey, { ...options, origin: SITE });
  if (res.statusCode !== 201) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const { challenge, difficulty } = res.json<{ challenge: string; difficulty: number }>();
  return { challenge, solution: solve(challenge, difficulty) };
}

/** Posts a callback or text the way the script does: a fresh solved challenge unless one is given. */
export async function visitorAttempt(
  t: TestApp,
  publicKey: string,
  action: "callback" | "text",
  fields: Record<string, unknown>,
  options: VisitorOptions & { proof?: { challenge: string; solution: string } } = {},
) {
  const origin = "origin" in options ? options.origin : SITE;
  const proof = options.proof ?? (await solvedChallenge(t, publicKey, options));
  return t.app.inject({
    method: "POST",
    url: `/widget/${publicKey}/${action}`,
    headers: origin ? { origin } : {},
    remoteAddress: options.ip ?? "203.0.113.7",
    payload: { ...proof, ...fields },
  });
}

export interface VisitorTestEnv {
  t: TestApp;
  alice: TestUser;
  aliceIn: SignedIn;
  /** Alice's number, which the simulator knows. */
  business: { id: string; e164: string };
  /** A widget of Alice's for SITE on her number (fields override); its id and public key. */
  newWidget(fields?: Record<string, unknown>): Promise<{ id: string; publicKey: string }>;
}

/**
 * The file's app at test difficulty with a signed-in owner whose number the simulator knows:
 * started before its tests, closed after them. Read the fields inside tests and hooks.
 */
export function useVisitorTestApp(): VisitorTestEnv {
  const env = {
    async newWidget(fields = {}) {
      const res = await createWidget(env.t, env.aliceIn, {
        allowedOrigins: [SITE],
        licensedNumberId: env.business.id,
        ...fields,
      });
      if (res.statusCode !== 201) throw new Error(`widget not created: ${res.body}`);
      return res.json<{ id: string; publicKey: string }>();
    },
  } as VisitorTestEnv;
  beforeAll(async () => {
    env.t = await createTestApp({ config: { WIDGET_POW_DIFFICULTY: TEST_POW_DIFFICULTY } });
    env.alice = await createUser(env.t);
    env.aliceIn = await signIn(env.t, env.alice);
    env.business = await insertNumber(env.t, env.alice.accountId);
    // The simulator knows the account's numbers from the routing tables.
    await env.t.app.deps.routing.changed();
  });
  afterAll(() => env.t.close());
  return env;
}

/** The widget's logged attempts, as stored. */
export const attemptsOf = (t: TestApp, widgetId: string) =>
  t.db.db.select().from(schema.widgetAttempts).where(eq(schema.widgetAttempts.widgetId, widgetId));

/** Addresses in one documentation range, a new one each call: only the limit under test refuses. */
export function addresses(prefix: string) {
  let serial = 0;
  return () => {
    serial += 1;
    return `${prefix}.${serial}`;
  };
}
