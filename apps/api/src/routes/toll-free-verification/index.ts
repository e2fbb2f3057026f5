import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { get } from "./get";
import { resubmit } from "./resubmit";
import { submit } from "./submit";

/** Toll-free verification of the account's toll-free numbers, mounted under /api. */
export async function tollFreeVerificationRoutes(app: FastifyInstance) {
  await app.register(endpointRoutes(get, submit, resubmit));
}
