import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { acceptAudioUploads } from "../../http/uploaded-audio";
import { create } from "./create";
import { diff } from "./diff";
import { draft } from "./draft";
import { get } from "./get";
import { list } from "./list";
import { publish } from "./publish";
import { remove } from "./remove";
import { rollback } from "./rollback";
import { tryEnd } from "./try-end";
import { tryKeys } from "./try-keys";
import { tryStart } from "./try-start";
import { update } from "./update";
import { uploadGreeting } from "./upload-greeting";
import { version } from "./version";
import { versions } from "./versions";
import { voices } from "./voices";

/**
 * IVR menus, mounted under /api: one file per endpoint. The menus saved here are the account's
 * draft (every save checked by the routing validator); calls follow the published version
 * (publish.ts, rollback.ts). Try it (try-*.ts) is a simulated call into the draft or live menus.
 * The greeting upload takes audio bodies, parsed in this scope only.
 */
export async function ivrRoutes(app: FastifyInstance) {
  acceptAudioUploads(app);
  await app.register(
    endpointRoutes(
      draft,
      versions,
      diff,
      version,
      publish,
      rollback,
      tryStart,
      tryKeys,
      tryEnd,
      uploadGreeting,
      voices,
      list,
      create,
      get,
      update,
      remove,
    ),
  );
}
