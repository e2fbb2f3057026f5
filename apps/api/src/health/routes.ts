import { createHash, timingSafeEqual } from "node:crypto";
import cookie from "@fastify/cookie";
import { type Database, schema } from "@poundline/db";
import { SESSION_COOKIE } from "@poundline/modules/auth/sessions";
import type { QueueCounts } from "@poundline/modules/jobs";
import { count, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loadAuth } from "../auth/context";

type Check = "ok" | "down" | "not_configured";

/** Jobs failed for good and not retried, per queue. */
async function openFailedJobs(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ queue: schema.failedJobs.queue, failed: count() })
    .from(schema.failedJobs)
    .where(isNull(schema.failedJobs.retriedAt))
    .groupBy(schema.failedJobs.queue);
  return Object.fromEntries(rows.map((row) => [row.queue, row.failed]));
}

/** Compares digests, so the time taken says nothing about the token. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A monitor with HEALTH_TOKEN as its bearer token, or a signed-in platform admin who passed
 * two-factor authentication (the admin area's rule: an admin without it sees what anyone sees).
 */
async function mayReadDetails(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const token = request.server.deps.config.HEALTH_TOKEN;
  const authorization = request.headers.authorization;
  if (token && authorization?.startsWith("Bearer ") && sameSecret(authorization.slice(7).trim(), token))
    return true;
  if (!request.cookies[SESSION_COOKIE]) return false;
  try {
    await loadAuth(request, reply);
  } catch {
    // The database is down: the session cannot be read, and the answer says so anyway.
    return false;
  }
  // request.auth is set only for a session past its second factor (or with none to give).
  return request.auth?.isAdmin === true && request.auth.twoFactorEnabled;
}

/**
 * GET /healthz: 200 `{ status: "ok" }` when every configured dependency answers, 503
 * `{ status: "down" }` otherwise. Only that for anyone; a platform admin past two-factor
 * authentication (session cookie) or a
 * monitor with HEALTH_TOKEN also gets the details: the driver, each check, the jobs failed for
 * good and not yet retried (per queue) and, with a job hand-off in this process, each queue's
 * depths.
 */
export async function healthRoutes(app: FastifyInstance) {
  await app.register(cookie);
  app.decorateRequest("auth", null);
  app.get("/healthz", async (request, reply) => {
    const { db, redis, jobs } = app.deps;
    const checks: { database: Check; redis: Check } = { database: "ok", redis: "not_configured" };
    try {
      await db.ping();
    } catch {
      checks.database = "down";
    }
    if (redis) {
      try {
        await redis.ping();
        checks.redis = "ok";
      } catch {
        checks.redis = "down";
      }
    }
    const healthy = checks.database === "ok" && checks.redis !== "down";
    const status = healthy ? "ok" : "down";
    reply.status(healthy ? 200 : 503);
    if (!(await mayReadDetails(request, reply))) return reply.send({ status });

    const failedJobs = checks.database === "ok" ? await openFailedJobs(db.db).catch(() => null) : null;
    let queues: QueueCounts | null = null;
    if (jobs) {
      try {
        queues = await jobs.counts();
      } catch {
        queues = null;
      }
    }
    return reply.send({ status, driver: db.driver, checks, failedJobs, ...(jobs ? { queues } : {}) });
  });
}
