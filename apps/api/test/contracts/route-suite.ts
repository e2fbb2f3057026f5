import { can, type MembershipRole } from "@poundline/contracts/auth/permissions";
import { type Answer, type Endpoint, isRawAnswer, pathOf } from "@poundline/contracts/endpoint";
import type { ListedEndpoint } from "@poundline/contracts/registry";
import { schema } from "@poundline/db";
import { seedDemoIfEmpty } from "@poundline/db/seed";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { z } from "zod";
import type { TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn } from "../fixtures";

/**
 * What the common route suite needs: an account rich in rows (the demo seed: its ids are what
 * another account must not reach), a second account with a member of every role, and a platform
 * administrator. Every request goes through `app.inject`, as a browser's would.
 */
export interface SuiteWorld {
  t: TestApp;
  /** The demo account's owner: the rows the suite reads and the ids it tries from elsewhere. */
  richOwner: SignedIn;
  /** The second account's members, by role. */
  others: Record<MembershipRole, SignedIn>;
  admin: SignedIn;
}

export const ROLES: MembershipRole[] = ["owner", "admin", "member", "viewer"];

export async function suiteWorld(t: TestApp): Promise<SuiteWorld> {
  await seedDemoIfEmpty(t.db.db);
  const [demoOwner] = await t.db.db
    .select({ userId: schema.accountMemberships.userId })
    .from(schema.accountMemberships)
    .where(and(eq(schema.accountMemberships.role, "owner")))
    .limit(1);
  if (!demoOwner) throw new Error("the demo seed made no owner");
  const otherOwner = await createUser(t);
  const others = { owner: await signIn(t, otherOwner) } as Record<MembershipRole, SignedIn>;
  for (const role of ROLES.filter((r) => r !== "owner"))
    others[role] = await signIn(t, await createMember(t, otherOwner.accountId, role));
  return {
    t,
    richOwner: await signIn(t, { id: demoOwner.userId }),
    others,
    admin: await signIn(t, await createUser(t, { admin: true })),
  };
}

export interface Call {
  as?: SignedIn | undefined;
  params?: Record<string, unknown> | undefined;
  body?: unknown;
}

/**
 * A client address of the endpoint's own: the API's per-address limit (600 a minute) is for one
 * browser, and the suite's thousand requests would reach it from a single address.
 */
function addressOf(endpoint: Endpoint): string {
  let hash = 0;
  for (const char of `${endpoint.method} ${endpoint.path}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

export function call(world: SuiteWorld, endpoint: Endpoint, { as, params, body }: Call = {}) {
  const url = pathOf(endpoint.path, params ?? placeholderParams(endpoint));
  return world.t.app.inject({
    method: endpoint.method,
    url,
    remoteAddress: addressOf(endpoint),
    headers: { ...(as?.headers ?? { origin: "http://localhost:3000" }) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Path parameters that name nothing: `missing-<name>`. */
export function placeholderParams(endpoint: Endpoint): Record<string, string> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  return Object.fromEntries(names.map((name) => [name, `missing-${name}`]));
}

export const hasParams = (endpoint: Endpoint) => endpoint.path.includes(":");
export const isWrite = (endpoint: Endpoint) => endpoint.method !== "GET";

/** The endpoint's query refuses an empty one (a search's terms, a file's name): the suite cannot guess them. */
export const needsQuery = (endpoint: Endpoint) =>
  endpoint.query !== undefined && !endpoint.query.safeParse({}).success;

/** Who the suite calls an endpoint as when the role does not matter: someone it lets in. */
export function allowedCaller(world: SuiteWorld, endpoint: Endpoint): SignedIn | undefined {
  if (endpoint.access === "public") return undefined;
  if (endpoint.access === "admin") return world.admin;
  return world.richOwner;
}

/** A member of the second account with `role` may do what the endpoint does, per the table. */
export function roleMay(endpoint: Endpoint, role: MembershipRole): boolean {
  return endpoint.permission === undefined || can(role, endpoint.permission);
}

/**
 * The ids an endpoint's path names, taken from the demo account by listing: `/api/x/:id` takes
 * the first item's id of `GET /api/x`. Null when there is no such list or it is empty.
 */
export async function richParams(
  world: SuiteWorld,
  endpoint: Endpoint,
  listed: readonly ListedEndpoint[],
): Promise<Record<string, string> | null> {
  const match = endpoint.path.match(/^(.*)\/:([A-Za-z0-9_]+)(\/.*)?$/);
  if (!match || (match[1] as string).includes(":")) return null;
  const [, base, name] = match as unknown as [string, string, string];
  const list = listed.find((l) => l.endpoint.method === "GET" && l.endpoint.path === base)?.endpoint;
  if (!list) return null;
  const res = await call(world, list, { as: world.richOwner });
  if (res.statusCode !== 200) return null;
  const body = res.json() as unknown;
  const items = Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? []);
  const first = items[0] as { id?: unknown } | undefined;
  return typeof first?.id === "string" ? { [name]: first.id } : null;
}

/** The answer's status is one the contract declares; a JSON answer matches its schema. */
export function expectDeclared(endpoint: Endpoint, res: LightMyRequestResponse): string | null {
  const answer: Answer | undefined = endpoint.responses[res.statusCode];
  if (!answer) return `${endpoint.method} ${endpoint.path} answered ${res.statusCode}, not in its contract`;
  // No content, a file, or a redirect (its Location is the answer): the status is what is declared.
  if (isRawAnswer(answer) || res.statusCode === 204 || (res.statusCode >= 300 && res.statusCode < 400))
    return null;
  const parsed = (answer as z.ZodType).safeParse(res.json());
  return parsed.success
    ? null
    : `${endpoint.method} ${endpoint.path} ${res.statusCode}: ${parsed.error.issues[0]?.message} at ${parsed.error.issues[0]?.path.join(".")}`;
}
