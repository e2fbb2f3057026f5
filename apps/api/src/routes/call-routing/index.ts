import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { acceptAudioUploads } from "../../http/uploaded-audio";
import { list } from "./list";
import { save } from "./save";
import { uploadHoldMusic } from "./upload-hold-music";

/**
 * Call routing per number, mounted under /api: one file per endpoint. Every save is validated,
 * then recompiles the tables. The hold music upload takes audio bodies, parsed in this scope only.
 */
export async function callRoutingRoutes(app: FastifyInstance) {
  acceptAudioUploads(app);
  await app.register(endpointRoutes(list, save, uploadHoldMusic));
}
