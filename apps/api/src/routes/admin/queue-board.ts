import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { FastifyAdapter } from "@bull-board/fastify";
import { queueNames, redisOptionsFromUrl } from "@poundline/modules/jobs";
import { Queue } from "bullmq";
import type { FastifyInstance } from "fastify";
import { assertAdminAccess, loadAuth } from "../../auth/context";
import { type AppError, sendError } from "../../http/errors";
import { createOriginCheck } from "../../http/origin";

/** Where admins see the queues (Bull Board), beside the console's admin area. */
export const QUEUE_BOARD_PATH = "/admin/queues";

/**
 * Bull Board over the BullMQ queues, for platform admins only: waiting, active, delayed and
 * failed jobs, with retry and clean. Only with Redis: the embedded in-process queues have no
 * board; their failed jobs are at /api/admin/jobs/failed either way. Bull Board's UI and its
 * own API are its own, outside /api: they have no contract in packages/contracts.
 */
export async function queueBoardRoutes(
  app: FastifyInstance,
  options: { redisUrl: string; queuePrefix: string; allowedOrigins: string[] },
) {
  const connection = redisOptionsFromUrl(options.redisUrl);
  const queues = queueNames.map((name) => new Queue(name, { prefix: options.queuePrefix, connection }));
  for (const queue of queues) queue.on("error", (err) => app.log.warn({ err }, "queue board: Redis error"));
  app.addHook("onClose", async () => {
    await Promise.allSettled(queues.map((queue) => queue.close()));
  });

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: "Poundline queues" } },
  });

  app.decorateRequest("auth", null);
  const checkOrigin = createOriginCheck(options.allowedOrigins);
  // The board's routes have Bull Board's own error handler: this hook answers its refusals itself,
  // in the one error shape.
  app.addHook("onRequest", async (request, reply) => {
    try {
      // The board's retry/clean buttons are cookie-authenticated writes: same CSRF rule as /api.
      await checkOrigin(request);
      await loadAuth(request, reply);
      if (!request.auth) {
        const back = encodeURIComponent(request.url.split("?")[0] ?? QUEUE_BOARD_PATH);
        return reply.redirect(`/login?next=${back}`, 303);
      }
      assertAdminAccess(request.auth);
    } catch (err) {
      return sendError(err as AppError, request, reply);
    }
  });
  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
}
