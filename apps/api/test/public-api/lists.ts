import { newId, schema } from "@poundline/db";
import { type SQL, sql } from "drizzle-orm";
import type { TestApp } from "../../src/testing";
import type { TestUser } from "../fixtures";

/**
 * Every list of the public API, for the cursor pagination tests: its path, how to read its rows
 * from an answer, and how to put a row of an account into the database at a position of its order.
 */

/** A row written: its id in the answer, and its sort key (compared as text, in the list's order). */
export interface Seeded {
  readonly id: string;
  readonly key: string;
}

export interface ListSeeder {
  /** The account's fixtures the list needs (a number, a webhook…), made once per account. */
  prepare?: (t: TestApp, user: TestUser) => Promise<Record<string, string>>;
  /** A row of the account whose position is `at` (a time to the microsecond). */
  seed: (
    t: TestApp,
    user: TestUser,
    at: string,
    n: number,
    fixtures: Record<string, string>,
  ) => Promise<Seeded>;
}

export interface ListCase extends ListSeeder {
  readonly name: string;
  readonly path: (fixtures: Record<string, string>) => string;
  readonly ids: (body: Record<string, unknown>) => string[];
  /** Oldest first (numbers, webhooks); newest first otherwise. */
  readonly ascending?: boolean;
}

const timeOf = (at: string): SQL => sql`${at}::timestamptz`;
const keyOf = (at: string, id: string) => `${at}|${id}`;
const idsOf =
  (field: string) =>
  (body: Record<string, unknown>): string[] =>
    (body[field] as { id: string }[]).map((row) => row.id);

/** A 10-digit NANP number for row `n`, in the fictional 555 exchange. */
export const numberFor = (n: number, area = 212) => `+1${area}555${String(n).padStart(4, "0")}`;

/** Numbers are unique across accounts: each one written gets its own. */
let serial = 0;
const nextSerial = () => ++serial;

async function ourNumber(t: TestApp, user: TestUser, e164: string) {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId: user.accountId, e164 });
  return id;
}

const contacts: ListCase = {
  name: "contacts",
  path: () => "/v1/contacts",
  ids: idsOf("contacts"),
  seed: async (t, user, at, n) => {
    const id = newId("contact");
    await t.db.db.insert(schema.contacts).values({
      id,
      accountId: user.accountId,
      name: `Paged ${n}`,
      phone: numberFor(n),
      createdAt: timeOf(at),
    });
    return { id, key: keyOf(at, id) };
  },
};

const calls: ListCase = {
  name: "calls",
  path: () => "/v1/calls",
  ids: idsOf("calls"),
  seed: async (t, user, at, n) => {
    const id = newId("call");
    await t.db.db.insert(schema.callLogs).values({
      id,
      accountId: user.accountId,
      callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      direction: n % 2 === 0 ? "inbound" : "outbound",
      fromNumber: numberFor(n),
      toNumber: numberFor(1, 646),
      callStatus: "completed",
      callStartTime: timeOf(at),
    });
    return { id, key: keyOf(at, id) };
  },
};

async function text(t: TestApp, user: TestUser, at: string, peer: string) {
  const id = newId("message");
  await t.db.db.insert(schema.messages).values({
    id,
    accountId: user.accountId,
    messageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
    direction: "inbound",
    fromNumber: peer,
    toNumber: numberFor(2, 646),
    body: "Paged",
    status: "received",
    sentAt: timeOf(at),
  });
  return { id, key: keyOf(at, id) };
}

const messages: ListCase = {
  name: "messages",
  path: () => "/v1/messages",
  ids: idsOf("messages"),
  seed: (t, user, at) => text(t, user, at, numberFor(3, 646)),
};

const conversations: ListCase = {
  name: "conversations",
  path: () => "/v1/conversations",
  ids: (body) => (body.conversations as { lastMessage: { id: string } }[]).map((c) => c.lastMessage.id),
  // One text from each of as many people: as many conversations.
  seed: (t, user, at, n) => text(t, user, at, numberFor(n, 917)),
};

const voicemails: ListCase = {
  name: "voicemails",
  path: () => "/v1/voicemails",
  ids: idsOf("voicemails"),
  seed: async (t, user, at, n) => {
    const id = newId("voicemail");
    await t.db.db.insert(schema.voicemails).values({
      id,
      accountId: user.accountId,
      callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      recordingSid: `RE${crypto.randomUUID().replaceAll("-", "")}`,
      recordingUrl: "https://example.com/recording",
      fromNumber: numberFor(n),
      toNumber: numberFor(1, 646),
      createdAt: timeOf(at),
    });
    return { id, key: keyOf(at, id) };
  },
};

const numbers: ListCase = {
  name: "numbers",
  path: () => "/v1/numbers",
  ids: idsOf("numbers"),
  ascending: true,
  // A number breaks the ties of its purchase time (it is unique).
  seed: async (t, user, at) => {
    const id = newId("number");
    const e164 = numberFor(nextSerial(), 303);
    await t.db.db
      .insert(schema.phoneNumbers)
      .values({ id, accountId: user.accountId, e164, createdAt: timeOf(at) });
    return { id, key: keyOf(at, e164) };
  },
};

const webhooks: ListCase = {
  name: "webhooks",
  path: () => "/v1/webhooks",
  ids: idsOf("webhooks"),
  ascending: true,
  seed: async (t, user, at, n) => {
    const id = newId("webhookSubscription");
    await t.db.db.insert(schema.webhookSubscriptions).values({
      id,
      accountId: user.accountId,
      url: `https://example.com/hooks/${n}`,
      eventTypes: ["call.completed"],
      secret: "whsec_test",
      createdAt: timeOf(at),
    });
    return { id, key: keyOf(at, id) };
  },
};

const deliveries: ListCase = {
  name: "webhook deliveries",
  path: (fixtures) => `/v1/webhooks/${fixtures.webhook}/deliveries`,
  ids: idsOf("deliveries"),
  prepare: async (t, user) => {
    const webhook = newId("webhookSubscription");
    const event = newId("webhookEvent");
    await t.db.db.insert(schema.webhookSubscriptions).values({
      id: webhook,
      accountId: user.accountId,
      url: "https://example.com/hooks",
      eventTypes: ["call.completed"],
      secret: "whsec_test",
    });
    await t.db.db
      .insert(schema.webhookEvents)
      .values({ id: event, accountId: user.accountId, type: "call.completed", payload: {} });
    return { webhook, event };
  },
  // In the order they were made, whatever their time: the newest made first.
  seed: async (t, user, at, _n, fixtures) => {
    const id = newId("webhookDelivery");
    const [row] = await t.db.db
      .insert(schema.webhookDeliveries)
      .values({
        id,
        accountId: user.accountId,
        subscriptionId: fixtures.webhook ?? "",
        eventId: fixtures.event ?? "",
        eventType: "call.completed",
        createdAt: timeOf(at),
      })
      .returning({ seq: schema.webhookDeliveries.seq });
    return { id, key: keyOf(String(row?.seq ?? 0).padStart(12, "0"), id) };
  },
};

const blockedCallers: ListCase = {
  name: "blocked callers",
  path: () => "/v1/call-blocking",
  ids: idsOf("entries"),
  seed: async (t, user, at, n) => {
    const id = newId("blockedCaller");
    await t.db.db
      .insert(schema.blockedCallers)
      .values({ id, accountId: user.accountId, kind: "number", value: numberFor(n), createdAt: timeOf(at) });
    return { id, key: keyOf(at, id) };
  },
};

const TEXTED = numberFor(8, 720);

const scheduledTexts: ListCase = {
  name: "scheduled texts",
  path: (fixtures) =>
    `/v1/scheduled-texts?from=${encodeURIComponent(fixtures.e164 ?? "")}&to=${encodeURIComponent(TEXTED)}`,
  ids: idsOf("texts"),
  prepare: async (t, user) => {
    const e164 = numberFor(nextSerial(), 720);
    return { e164, number: await ourNumber(t, user, e164) };
  },
  seed: async (t, user, at, _n, fixtures) => {
    const id = newId("scheduledText");
    await t.db.db.insert(schema.scheduledTexts).values({
      id,
      accountId: user.accountId,
      phoneNumberId: fixtures.number ?? "",
      automation: "scheduled",
      fromNumber: fixtures.e164 ?? "",
      toNumber: TEXTED,
      body: "Later",
      sendAt: timeOf(at),
      timeZone: "America/Denver",
    });
    return { id, key: keyOf(at, id) };
  },
};

/** Every list the public API serves, each paged by a cursor. */
export const publicLists: readonly ListCase[] = [
  contacts,
  calls,
  messages,
  conversations,
  voicemails,
  numbers,
  webhooks,
  deliveries,
  blockedCallers,
  scheduledTexts,
];
