import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { create } from "./create";
import { deliveries } from "./deliveries";
import { list } from "./list";
import { read } from "./read";
import { remove } from "./remove";
import { replay } from "./replay";
import { rotateSecret } from "./rotate-secret";
import { sendTest } from "./send-test";
import { update } from "./update";

/** Outgoing webhooks, mounted under /api: subscriptions, their secret, a test event, the delivery log and replays. */
export async function webhookRoutes(app: FastifyInstance) {
  await app.register(
    endpointRoutes(list, create, read, update, remove, rotateSecret, sendTest, deliveries, replay),
  );
}
