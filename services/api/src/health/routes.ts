import { type Database, schema } from "@poundline/db";
import type { QueueCounts } from "@poundline/workers";
import { count, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

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

/**
 * GET /healthz: 200 when every configured dependency answers, 503 otherwise. With a job
 * hand-off in this process, `queues` gives each queue's depths, and `failedJobs` the jobs failed
 * for good and not yet retried (per queue, from failed_jobs).
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async (_request, reply) => {
    const { db, redis, jobs } = app.deps;
    const checks: { database: Check; redis: Check } = { database: "ok", redis: "not_configured" };
    try {
      await db.ping();
    } catch {
      checks.database = "down";
    }
    const failedJobs = checks.database === "ok" ? await openFailedJobs(db.db).catch(() => null) : null;
    if (redis) {
      try {
        await redis.ping();
        checks.redis = "ok";
      } catch {
        checks.redis = "down";
      }
    }
    let queues: QueueCounts | null = null;
    if (jobs) {
      try {
        queues = await jobs.counts();
      } catch {
        queues = null;
      }
    }
    const healthy = checks.database === "ok" && checks.redis !== "down";
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? "ok" : "degraded",
      driver: db.driver,
      checks,
      failedJobs,
      ...(jobs ? { queues } : {}),
    });
  });
}
