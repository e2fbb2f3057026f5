import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { insertRoutingConfig, type RoutingConfig } from "@poundline/db/fixtures";
import { createProcessors, type JobsRuntime, startJobs } from "@poundline/modules/jobs";
import { callRecordingProcessor } from "@poundline/modules/recordings/jobs/store-call-recording";
import { createTranscriber, type Transcriber } from "@poundline/modules/voicemails/jobs/transcriber";
import type { FileStorage } from "@poundline/platform/storage/port";
import { quietLog, waitFor } from "@poundline/testing/jobs";
import { eq } from "drizzle-orm";
import type { App } from "../../src/app";
import { createTestApp, type TestApp } from "../../src/testing";
import { type SignedIn, signIn } from "../fixtures";

/** A weekday's business hours at the numbers (New York), when calls ring the front desk. */
export const OPEN = new Date("2026-11-23T15:00:00Z");
export const MAIN_LINE = "+13055550100";
export const DESK_PHONE = "+13055550101";

/** An account on a plan with recording, whose number rings the desk and records its calls. */
export const recordedLine = (key: string, e164 = MAIN_LINE): RoutingConfig => ({
  accounts: [
    { key, companyName: "Demo Law Group", status: "active", walletCents: 5000, subscribed: "Professional" },
  ],
  extensions: [
    { key: `${key}-desk`, account: key, number: 101, name: "Front desk", forwardingNumbers: [DESK_PHONE] },
  ],
  members: [{ key: `${key}-owner`, account: key, name: "Ann Owner" }],
  numbers: [
    {
      key: `${key}-line`,
      account: key,
      e164,
      routing: {
        open: { type: "extension", target: `${key}-desk` },
        after: { type: "voicemail" },
        recordCalls: true,
      },
    },
  ],
});

/**
 * `fetch` for the workers' download: a URL of the app (the embedded simulator's recordings) is
 * answered by `app.inject`, as the server would answer it.
 */
export function injectFetch(app: App): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const res = await app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) headers.set(name, String(value));
    void init;
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

export interface RecordingApp {
  t: TestApp;
  sim: CarrierSim;
  jobs: JobsRuntime;
  ids: Map<string, string>;
  owner: SignedIn;
  close(): Promise<void>;
}

/**
 * The API on the embedded simulator with the embedded job hand-off running the call recordings'
 * processor over `storage`, and an account whose number records its calls.
 */
export async function startRecordingApp(
  storage: FileStorage | undefined,
  key = "law",
  clock: () => Date = () => OPEN,
  transcriber: Transcriber = createTranscriber({ provider: "none" }),
): Promise<RecordingApp> {
  let runtime: JobsRuntime | null = null;
  const t = await createTestApp({
    clock,
    config: {
      LOG_LEVEL: "error",
      // The API marks a call's transcript pending when the workers' transcriber is a service.
      ...(transcriber.provider === "http"
        ? { TRANSCRIBER: "http", TRANSCRIPTION_URL: "http://transcriber.test/v1" }
        : {}),
    },
    ...(storage ? { storage } : {}),
    jobs: {
      notify: () => runtime?.notify(),
      counts: async () => {
        if (!runtime) throw new Error("not started");
        return runtime.counts();
      },
    },
  });
  const sim = t.app.deps.simulator;
  if (!sim) throw new Error("the embedded simulator is the carrier");
  const { deps } = t.app;
  runtime = await startJobs({
    db: t.db.db,
    log: quietLog,
    retry: { attempts: 3, backoffMs: 10, jitter: 0 },
    pollIntervalMs: 50,
    processors: createProcessors({
      voicemail: {
        "store-call-recording": callRecordingProcessor({
          storage: deps.storage,
          fetch: injectFetch(t.app),
          carrier: deps.carrier,
          recordings: deps.carrierRecordings,
          recordingLimitReached: () => deps.routing.changed(),
          transcriber,
        }),
      },
    }),
  });
  const ids = await insertRoutingConfig(t.db.db, recordedLine(key));
  await deps.routing.reload();
  const owner = await signIn(t, { id: ids.get(`${key}-owner`) ?? "" });
  const jobs = runtime;
  return {
    t,
    sim,
    jobs,
    ids,
    owner,
    async close() {
      await jobs.stop();
      await t.close();
    },
  };
}

/** A caller rings the number; the desk answers and talks `talkSeconds`. Resolves with the caller's CallSid. */
export async function placeRecordedCall(sim: CarrierSim, talkSeconds = 30, to = MAIN_LINE): Promise<string> {
  return (await placeCallToDesk(sim, talkSeconds, to)).callSid;
}

/** The same call, answered with what the caller heard and the verbs the number answered. */
export async function placeCallToDesk(sim: CarrierSim, talkSeconds = 30, to = MAIN_LINE) {
  const transcript = await sim.placeCall({
    from: "+14155551234",
    to,
    fromState: "CA",
    dial: { [DESK_PHONE]: { outcome: "answer", ringSeconds: 3, talkSeconds } },
  });
  await sim.idle();
  return transcript;
}

/** The call's recordings, once none is pending any more. */
export async function settledRecordings(t: TestApp, callSid: string) {
  const rows = () =>
    t.db.db.select().from(schema.callRecordings).where(eq(schema.callRecordings.callSid, callSid));
  await waitFor(async () => {
    const found = await rows();
    return (
      found.length > 0 &&
      found.every((r) => r.status !== "pending" && (r.status !== "stored" || r.carrierDeletedAt))
    );
  });
  return rows();
}

/** The call's log id. */
export async function callLogId(t: TestApp, callSid: string): Promise<string> {
  const [log] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, callSid));
  if (!log) throw new Error(`no call log for ${callSid}`);
  return log.id;
}
