import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { read } from "./read";
import { submit } from "./submit";

/** Texting registration (A2P 10DLC), mounted under /api: read and follow it, submit it. */
export async function textingRegistrationRoutes(app: FastifyInstance) {
  await app.register(endpointRoutes(read, submit));
}
