import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { add } from "./add";
import { confirm } from "./confirm";
import { list } from "./list";
import { remove } from "./remove";
import { sendCode } from "./send-code";
import { setUpVerificationPorts } from "./shared";

/**
 * The account's verified numbers, mounted under /api: list, add (a code is sent), send a new
 * code, confirm the code, delete. One file per endpoint; the app's send limiter and ports are built here.
 */
export async function verifiedNumberRoutes(app: FastifyInstance) {
  setUpVerificationPorts(app.deps);
  await app.register(endpointRoutes(list, add, sendCode, confirm, remove));
}
