import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  type CalleeScript,
  type CallTranscript,
  type CarrierSim,
  type PlaceCallRequest,
  type SimCall,
  type SoftphoneScript,
  scriptSoftphone,
} from "@poundline/carrier-sim";
import { queryRows, schema } from "@poundline/db";
import { insertRoutingConfig, type RoutingConfig } from "@poundline/db/fixtures";
import { memberOfSoftphone, softphoneIdentity } from "@poundline/domain";
import { waitFor } from "@poundline/testing/jobs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { signIn } from "../fixtures";
import { liveSoftphones, type RoomStep, runRoomSteps } from "./room-steps";
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
  /** Numbers the members' calls dialled (<Number>: a callback), in order. */
  memberDialed?: string[];
  /** Substrings of the audio URLs the caller heard (hold music…), in this order. */
  played?: string[];
  /** How the caller's wait in the queue ended: bridged, leave, hangup. */
  queueResult?: string;
  gathers?: number;
  ended?: string;
  voicemails?: number;
  /**
   * The call's recordings kept from the carrier's recording callback (call_recordings, by the
   * caller's CallSid, a ring group member's bridge included), each with its store job.
   */
  callRecordings?: number;
  /**
   * The carrier's real-time transcription of the caller's call (TRANSCRIBER=carrier): "stopped"
   * once asked on the answer of a recorded call and ended by the carrier; null: never asked.
   */
  callTranscription?: "stopped" | null;
  /** The member (their key) the voicemail went to; null: nobody's. */
  voicemailAssignee?: string | null;
  /** The legs logged for the call (their To, softphones as `client:<member key>`), in any order. */
  legs?: string[];
  /**
   * Legs (their To) handed to billing as calls we placed: a pending charge of their log, or their
   * charge in the ledger once drained.
   */
  chargedLegs?: string[];
  /** The call's room as it ended: the parties' statuses in the order they were called in. */
  roomParties?: string[];
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
  /**
   * Per call, how each member's phone called by the app behaves (unscripted phones answer), and
   * how members' softphones (by member key) answer the calls offered to them.
   */
  calls: (
    | {
        call: PlaceCallRequest;
        callees?: Record<string, CalleeScript>;
        softphones?: Record<string, SoftphoneScript["answer"]>;
        /**
         * A member who takes the call on their softphone hands it on (POST /api/calls/:sid/transfer,
         * signed in as them): the target's ids are keys of the configuration.
         */
        transfer?: { by: string; to: Record<string, string> };
        /**
         * What members do with the call in its room (room-steps.ts): their softphones are then live
         * devices that answer every call offered to them.
         */
        room?: RoomStep[];
        expect: Expectation;
      }
    | LineOfCallers
  )[];
}

/**
 * Callers placed together (a queue's line): each arrives `arriveAfterSeconds` into the sim's
 * clock, and they take turns on it. `expect` is about the member calls of them all.
 */
interface LineOfCallers {
  line: { call: PlaceCallRequest; expect: Expectation }[];
  callees?: Record<string, CalleeScript>;
  expect: Pick<Expectation, "members" | "memberSpoken" | "memberDialed">;
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

/** What the calls the app placed to members came to. */
function checkMembers(ids: Map<string, string>, memberCalls: SimCall[], want: Expectation) {
  const named = namedBy(ids);
  const members = memberCalls.map((c) => named(c.to));
  if (want.members) expect(members).toEqual(want.members);
  if (want.memberSpoken)
    expectInOrder(
      memberCalls.flatMap((c) => c.transcript?.spoken ?? []),
      want.memberSpoken,
    );
  if (want.memberDialed) {
    const dialed = memberCalls.flatMap((c) =>
      (c.transcript?.dials ?? []).flatMap((d) =>
        d.legs.filter((l) => l.noun === "Number").map((l) => l.target),
      ),
    );
    expect(dialed).toEqual(want.memberDialed);
  }
  for (const call of memberCalls) {
    const errors = call.transcript?.errors ?? [];
    expect(errors, `member call to ${call.to}: ${JSON.stringify(errors)}`).toEqual([]);
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
  const named = namedBy(ids);
  checkMembers(ids, memberCalls, want);
  if (want.played) expectInOrder(transcript.played, want.played);
  if (want.queueResult) expect(transcript.queueWaits.map((w) => w.result)).toEqual([want.queueResult]);
  if (want.spoken) expectInOrder(heard, want.spoken);
  if (want.spokenLast) expect(heard.at(-1) ?? "").toContain(want.spokenLast);
  const dials = transcript.dials.map((d) => d.legs.map((l) => named(l.target)));
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

  const db = t.db.db;
  const [log] = await db
    .select()
    .from(schema.callLogs)
    .where(eq(schema.callLogs.callSid, transcript.callSid));
  if (want.legs) {
    const legs = await db
      .select({ to: schema.callLogs.toNumber })
      .from(schema.callLogs)
      .where(eq(schema.callLogs.parentCallSid, transcript.callSid));
    expect(legs.map((leg) => named(leg.to)).sort()).toEqual([...want.legs].sort());
  }
  if (want.chargedLegs) {
    const charged = await queryRows<{ to: string }>(
      db,
      sql`select leg.to_number as "to" from ${schema.callLogs} leg
          where leg.parent_call_sid = ${transcript.callSid} and leg.direction <> 'inbound'
            and leg.call_status = 'completed'
            and (exists (select 1 from ${schema.pendingCharges} p where p.call_log_id = leg.id)
              or exists (select 1 from ${schema.ledgerEntries} e
                where e.account_id = leg.account_id and e.idempotency_key like 'charge-call:' || leg.call_sid || '%'))`,
    );
    expect(charged.map((leg) => named(leg.to)).sort()).toEqual([...want.chargedLegs].sort());
  }
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
  if (want.callRecordings !== undefined)
    await checkCallRecordings(db, transcript.callSid, want.callRecordings);
  if (want.callTranscription !== undefined)
    await checkCallTranscription(db, transcript.callSid, want.callTranscription);
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
    if (want.voicemailAssignee !== undefined) {
      const assignee = want.voicemailAssignee === null ? null : ids.get(want.voicemailAssignee);
      expect(rows[0]?.assigneeId ?? null).toBe(assignee);
    }
  }
}

/** The call's recordings, pending, each with its store job in the outbox. */
async function checkCallRecordings(db: TestApp["db"]["db"], callSid: string, count: number) {
  const rows = await db
    .select()
    .from(schema.callRecordings)
    .where(eq(schema.callRecordings.callSid, callSid));
  expect(rows).toHaveLength(count);
  for (const row of rows) {
    expect(row).toMatchObject({ status: "pending", channels: 2 });
    const jobs = await db
      .select()
      .from(schema.jobOutbox)
      .where(eq(schema.jobOutbox.jobId, `store-call-recording:${row.recordingSid}`));
    expect(jobs).toHaveLength(1);
  }
}

/** The call's transcription by the carrier: asked on the answer (in the background) and stopped, or never asked. */
async function checkCallTranscription(db: TestApp["db"]["db"], callSid: string, want: "stopped" | null) {
  const rows = () =>
    db.select().from(schema.callTranscriptions).where(eq(schema.callTranscriptions.callSid, callSid));
  if (want === null) {
    expect(await rows()).toEqual([]);
    return;
  }
  await waitFor(async () => (await rows())[0]?.status === want);
}

/** A softphone's identity as `client:<member key>`, as scenarios name it; anything else as it is. */
function namedBy(ids: Map<string, string>) {
  const keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  return (target: string) => {
    const member = memberOfSoftphone(target);
    const key = member && keyOf.get(member.userId);
    return key ? `client:${key}` : target;
  };
}

/** The member hands the call on, as their softphone's transfer button does. */
async function transferAs(
  t: TestApp,
  ids: Map<string, string>,
  transfer: { by: string; to: Record<string, string> },
  callSid: string | undefined,
) {
  const target = Object.fromEntries(
    Object.entries(transfer.to).map(([field, value]) => [
      field,
      field === "kind" ? value : (ids.get(value) ?? value),
    ]),
  );
  const member = await signIn(t, { id: ids.get(transfer.by) ?? "" });
  const res = await t.app.inject({
    method: "POST",
    url: `/api/calls/${callSid}/transfer`,
    headers: member.headers,
    payload: { target },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A member's softphone identity, from their key in the configuration. */
function softphoneOf(config: RoutingConfig, ids: Map<string, string>, memberKey: string): string {
  const member = config.members?.find((m) => m.key === memberKey);
  if (!member) throw new Error(`no member "${memberKey}" in the scenario`);
  return softphoneIdentity(ids.get(member.account) ?? "", ids.get(memberKey) ?? "");
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

/** Callers placed together: each one's own expectations, then those of the members' calls. */
async function runLine(
  t: TestApp,
  sim: CarrierSim,
  ids: Map<string, string>,
  { line, callees, expect: want }: LineOfCallers,
  collect: (calls: (CallTranscript | null)[]) => void,
) {
  sim.reset();
  for (const [number, script] of Object.entries(callees ?? {})) sim.setCallee(number, script);
  const transcripts = await Promise.all(line.map(({ call }) => sim.placeCall(call)));
  await sim.idle();
  const calls = sim.calls();
  collect([...transcripts, ...calls.map((c) => c.transcript)]);
  const memberCalls = calls.filter((c) => c.direction === "outbound-api");
  for (const [i, transcript] of transcripts.entries())
    await checkCall(t, ids, transcript, [], line[i]?.expect ?? {});
  checkMembers(ids, memberCalls, want);
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
    for (const entry of scenario.calls) {
      if ("line" in entry) {
        await runLine(t, sim, ids, entry, (calls) => collectTwiml(documents, scenario.file, calls));
        continue;
      }
      const { call, callees, softphones, transfer, room, expect: want } = entry;
      // Each call starts with no scripted phones and no calls of an earlier one.
      sim.reset();
      for (const [number, script] of Object.entries(callees ?? {})) sim.setCallee(number, script);
      if (room) {
        const devices = await liveSoftphones(t, sim, ids, Object.keys(softphones ?? {}));
        const placed = sim.placeCall(call);
        const ended = await runRoomSteps(t, ids, devices, room);
        const transcript = await placed;
        await sim.idle();
        for (const device of devices.values()) device.phone.close();
        if (want.roomParties) expect(ended?.parties.map((p) => p.status)).toEqual(want.roomParties);
        await checkCall(t, ids, transcript, [], want);
        continue;
      }
      for (const [member, answer] of Object.entries(softphones ?? {})) {
        const hands = transfer?.by === member ? transfer : undefined;
        scriptSoftphone(sim, softphoneOf(scenario.config, ids, member), {
          answer,
          ...(hands
            ? { whileConnected: (offered) => transferAs(t, ids, hands, offered.custom.ParentCallSid) }
            : {}),
        });
      }
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
