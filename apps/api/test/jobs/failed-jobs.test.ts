import { schema } from "@poundline/db";
import { createProcessors, type JobsRuntime, startJobs } from "@poundline/modules/jobs";
import {
  createEffectsTable,
  effectCount,
  quietLog,
  recordingProcessor,
  waitFor,
  writeOutbox,
} from "@poundline/testing/jobs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

/** The API with the embedded job hand-off (in-process driver and relay), as `npm start` runs it. */
let t: TestApp;
let jobs: JobsRuntime;
let admin: SignedIn;
let member: SignedIn;
let failing = true;
const calls: string[] = [];

beforeAll(async () => {
  let runtime: JobsRuntime | null = null;
  t = await createTestApp({
    redis: null,
    jobs: {
      notify: () => runtime?.notify(),
      counts: async () => {
        if (!runtime) throw new Error("not started");
        return runtime.counts();
      },
    },
  });
  await createEffectsTable(t.db.db);
  runtime = await startJobs({
    db: t.db.db,
    log: quietLog,
    retry: { attempts: 2, backoffMs: 10, jitter: 0 },
    pollIntervalMs: 50,
    processors: createProcessors({
      billing: {
        "charge-call": async (ports, payload, job) => {
          calls.push(job.jobId);
          if (failing) throw new Error(`rating service down for ${payload.callSid}`);
          return recordingProcessor<typeof payload>()(ports, payload, job);
        },
      },
    }),
  });
  jobs = runtime;
  admin = await signIn(t, await createUser(t, { admin: true }));
  member = await signIn(t, await createUser(t));
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

describe("failed jobs, seen and retried by admins", () => {
  let failedId = "";

  it("records a job in failed_jobs when its last attempt throws", async () => {
    await writeOutbox(t.db.db, "billing", "charge-call", "charge-call:CAretry", { callSid: "CAretry" });
    jobs.notify();
    await waitFor(async () => (await t.db.db.select().from(schema.failedJobs)).length === 1);
    expect(calls).toEqual(["charge-call:CAretry", "charge-call:CAretry"]);
  });

  it("lists it for admins, and /healthz counts it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/jobs/failed", headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(body.jobs[0]).toMatchObject({
      queue: "billing",
      name: "charge-call",
      jobId: "charge-call:CAretry",
      payload: { callSid: "CAretry" },
      attempts: 2,
      retriedAt: null,
      retriedBy: null,
    });
    expect(body.jobs[0].error).toContain("rating service down for CAretry");
    failedId = body.jobs[0].id;

    const health = await t.app.inject({ method: "GET", url: "/healthz", headers: { cookie: admin.cookie } });
    expect(health.json()).toMatchObject({
      failedJobs: { billing: 1 },
      queues: { billing: { waiting: 0, active: 0, delayed: 0 }, voicemail: expect.any(Object) },
    });
  });

  it("is not for members or anonymous callers", async () => {
    const asMember = await t.app.inject({
      method: "GET",
      url: "/api/admin/jobs/failed",
      headers: member.headers,
    });
    expect(asMember.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: `/api/admin/jobs/failed/${failedId}/retry` });
    expect(anonymous.statusCode).toBe(401);
    const retryAsMember = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/failed/${failedId}/retry`,
      headers: member.headers,
    });
    expect(retryAsMember.statusCode).toBe(403);
  });

  it("retries it: handed back through the outbox, run, and marked retried", async () => {
    failing = false;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/failed/${failedId}/retry`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: failedId, retriedAt: expect.any(String) });
    await waitFor(async () => (await effectCount(t.db.db)) === 1);
    const [row] = await t.db.db.select().from(schema.failedJobs).where(eq(schema.failedJobs.id, failedId));
    expect(row?.retriedAt).toBeInstanceOf(Date);
    expect(row?.retriedBy).toBeTruthy();
    const [outbox] = await t.db.db
      .select()
      .from(schema.jobOutbox)
      .where(eq(schema.jobOutbox.jobId, `charge-call:CAretry:retry:${failedId}`));
    expect(outbox?.relayedAt).toBeInstanceOf(Date);

    const open = await t.app.inject({ method: "GET", url: "/api/admin/jobs/failed", headers: admin.headers });
    expect(open.json().total).toBe(0);
    const retried = await t.app.inject({
      method: "GET",
      url: "/api/admin/jobs/failed?status=retried",
      headers: admin.headers,
    });
    expect(retried.json().total).toBe(1);
  });

  it("answers 409 to a second retry and 404 to an unknown id", async () => {
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/failed/${failedId}/retry`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("CONFLICT");
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/admin/jobs/failed/job_nosuchjob/retry",
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/admin/jobs/failed/not-an-id/retry",
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
