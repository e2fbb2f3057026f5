import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type {
  CalleeScript,
  CallTranscript,
  CarrierSim,
  PlaceCallRequest,
  SimCall,
} from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { insertRoutingConfig, type RoutingConfig } from "@poundline/db/fixtures";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { findTwimlValidator } from "./twiml-xsd";

/**
 * Call scenarios, one JSON file each in ./calls: a configuration, the time of day, and calls with
 * the caller's key presses and the dialled people's behaviour, each with what must come of it.
 * Adding a case is adding a file.
 */
interface Expectation {
  /** Substrings of what the caller heard, in this order (other speech may come between). */
  spoken?: string[];
  /** A substring of the last thing the caller heard. */
  spokenLast?: string;
  /** Each <Dial>'s numbers, in order. */
  dials?: string[][];
  /** Each <Dial>'s nouns (Number, Sip, Client…), in order. */
  dialNouns?: string[][];
  firstDial?: string[];
  dialStatus?: string[];
  dialTimeouts?: string[];
  /** Each <Dial>'s record attribute ("" when absent), in order. */
  dialRecords?: string[];
  /** The record attribute of the <Dial> of each member who answered (the bridge to the caller). */
  memberDialRecords?: string[];
  /** Phrases the caller must not hear. */
  notSpoken?: string[];
  /** Ring group members called (the carrier's outbound calls' To), in the order they were called. */
  members?: string[];
  /** Substrings of what the members who answered heard (the whisper), in this order. */
  memberSpoken?: string[];
  /** Substrings of the audio URLs the caller heard (hold music…), in this order. */
  played?: string[];
  /** How the caller's wait in the queue ended: bridged, leave, hangup. */
  queueResult?: string;
  gathers?: number;
  ended?: string;
  voicemails?: number;
  /** Status of the call log; false: no call log at all. */
  callStatus?: string;
  callLog?: false;
  /** The call log belongs to this account (its key in the configuration). */
  account?: string;
  contact?: boolean;
}

interface Scenario {
  file: string;
  name: string;
  now: string;
  config: RoutingConfig;
  /** Per call, how each member's phone called by the app behaves (unscripted phones answer). */
  calls: { call: PlaceCallRequest; callees?: Record<string, CalleeScript>; expect: Expectation }[];
}

const folder = fileURLToPath(new URL("./calls", import.meta.url));
const scenarios: Scenario[] = readdirSync(folder)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((file) => ({ file, ...JSON.parse(readFileSync(`${folder}/${file}`, "utf8")) }));

function expectInOrder(heard: string[], expected: string[]) {
  let from = 0;
  for (const phrase of expected) {
    const at = heard.findIndex((text, i) => i >= from && text.includes(phrase));
    expect(at, `"${phrase}" in order within ${JSON.stringify(heard)}`).toBeGreaterThanOrEqual(0);
    from = at + 1;
  }
}

async function checkCall(
  t: TestApp,
  ids: Map<string, string>,
  transcript: CallTranscript,
  memberCalls: SimCall[],
  want: Expectation,
) {
  const heard = transcript.spoken;
  const members = memberCalls.map((c) => c.to);
  if (want.members) expect(members).toEqual(want.members);
  if (want.memberSpoken)
    expectInOrder(
      memberCalls.flatMap((c) => c.transcript?.spoken ?? []),
      want.memberSpoken,
    );
  if (want.played) expectInOrder(transcript.played, want.played);
  if (want.queueResult) expect(transcript.queueWaits.map((w) => w.result)).toEqual([want.queueResult]);
  if (want.spoken) expectInOrder(heard, want.spoken);
  if (want.spokenLast) expect(heard.at(-1) ?? "").toContain(want.spokenLast);
  const dials = transcript.dials.map((d) => d.legs.map((l) => l.target));
  if (want.dials) expect(dials).toEqual(want.dials);
  if (want.dialNouns) expect(transcript.dials.map((d) => d.legs.map((l) => l.noun))).toEqual(want.dialNouns);
  if (want.firstDial) expect(dials[0]).toEqual(want.firstDial);
  if (want.dialStatus) expect(transcript.dials.map((d) => d.dialCallStatus)).toEqual(want.dialStatus);
  if (want.dialTimeouts) {
    expect(transcript.verbs.filter((v) => v.verb === "Dial").map((v) => v.attributes.timeout)).toEqual(
      want.dialTimeouts,
    );
  }
  if (want.dialRecords) {
    expect(transcript.verbs.filter((v) => v.verb === "Dial").map((v) => v.attributes.record ?? "")).toEqual(
      want.dialRecords,
    );
  }
  if (want.memberDialRecords) {
    const records = memberCalls.flatMap((c) =>
      (c.transcript?.verbs ?? []).filter((v) => v.verb === "Dial").map((v) => v.attributes.record ?? ""),
    );
    expect(records).toEqual(want.memberDialRecords);
  }
  for (const phrase of want.notSpoken ?? [])
    expect(
      heard.some((text) => text.includes(phrase)),
      `"${phrase}" not heard`,
    ).toBe(false);
  if (want.gathers !== undefined) expect(transcript.gathers).toHaveLength(want.gathers);
  if (want.ended) expect(transcript.ended.reason).toBe(want.ended);
  expect(transcript.errors, JSON.stringify(transcript.errors)).toEqual([]);
  for (const call of memberCalls) {
    const errors = call.transcript?.errors ?? [];
    expect(errors, `member call to ${call.to}: ${JSON.stringify(errors)}`).toEqual([]);
  }

  const db = t.db.db;
  const [log] = await db
    .select()
    .from(schema.callLogs)
    .where(eq(schema.callLogs.callSid, transcript.callSid));
  if (want.callLog === false) expect(log).toBeUndefined();
  else expect(log, "a call log for the call").toBeDefined();
  if (want.callStatus) expect(log?.callStatus).toBe(want.callStatus);
  if (want.account) expect(log?.accountId).toBe(ids.get(want.account));
  if (want.contact) {
    const [contact] = await db
      .select()
      .from(schema.contacts)
      .where(eq(schema.contacts.id, log?.contactId ?? ""));
    expect(contact).toMatchObject({ phone: transcript.from, source: "call" });
  }
  if (want.voicemails !== undefined) {
    const rows = await db
      .select()
      .from(schema.voicemails)
      .where(eq(schema.voicemails.callSid, transcript.callSid));
    expect(rows).toHaveLength(want.voicemails);
    if (want.voicemails > 0) {
      expect(rows[0]).toMatchObject({
        fromNumber: transcript.from,
        toNumber: transcript.to,
        status: "unread",
      });
      const jobs = await db
        .select()
        .from(schema.jobOutbox)
        .where(eq(schema.jobOutbox.jobId, rows[0]?.recordingSid ?? ""));
      expect(jobs).toHaveLength(1);
    }
  }
}

/** The webhooks the carrier follows with the TwiML they answer (the others answer an empty one). */
const TWIML_WEBHOOKS = new Set([
  "voice",
  "gather-action",
  "dial-action",
  "record-action",
  "redirect",
  "enqueue-wait",
  "enqueue-action",
]);

/** Keeps each TwiML document the app answered with once, with where it was first seen. */
function collectTwiml(documents: Map<string, string>, file: string, calls: (CallTranscript | null)[]) {
  for (const exchange of calls.flatMap((call) => call?.webhooks ?? [])) {
    if (!TWIML_WEBHOOKS.has(exchange.kind) || exchange.status !== 200 || documents.has(exchange.body))
      continue;
    documents.set(exchange.body, `${file}, ${exchange.kind} ${exchange.url}`);
  }
}

const validator = findTwimlValidator();
// In CI a missing xmllint or schema fails the check; elsewhere it is skipped, and says so.
const validate = validator.ok || process.env.CI ? it : it.skip;
if (!validator.ok && !process.env.CI)
  console.warn(`TwiML not validated against the XSD: ${validator.reason}`);

describe("call scenarios", () => {
  let t: TestApp;
  let sim: CarrierSim;
  let now = new Date();
  /** Every TwiML document the scenarios' calls were answered with → where it was first seen. */
  const documents = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    if (!t.app.deps.simulator) throw new Error("the test app runs on the embedded carrier simulator");
    sim = t.app.deps.simulator;
  });
  afterAll(() => t.close());

  it.each(scenarios)("$name ($file)", async (scenario) => {
    const db = t.db.db;
    // Each scenario starts from an empty phone system.
    await db.execute(
      sql`truncate ${schema.accounts}, ${schema.sharedNumbers}, ${schema.territories}, ${schema.categories} cascade`,
    );
    now = new Date(scenario.now);
    const ids = await insertRoutingConfig(db, scenario.config);
    await t.app.deps.routing.reload();
    for (const { call, callees, expect: want } of scenario.calls) {
      // Each call starts with no scripted phones and no calls of an earlier one.
      sim.reset();
      for (const [number, script] of Object.entries(callees ?? {})) sim.setCallee(number, script);
      const transcript = await sim.placeCall(call);
      await sim.idle();
      const calls = sim.calls();
      collectTwiml(documents, scenario.file, [transcript, ...calls.map((c) => c.transcript)]);
      const memberCalls = calls.filter((c) => c.direction === "outbound-api");
      await checkCall(t, ids, transcript, memberCalls, want);
    }
  });

  // Runs after the scenarios above (a file's tests run in order) on what they collected.
  validate(
    `every TwiML document they produced is valid against the carrier's XSD${validator.ok ? "" : ` (${validator.reason})`}`,
    async () => {
      if (!validator.ok) throw new Error(validator.reason);
      expect(documents.size, "TwiML documents collected by the scenarios").toBeGreaterThan(0);
      const invalid = await validator.validate(documents);
      expect(invalid, invalid.join("\n\n")).toEqual([]);
    },
  );
});
