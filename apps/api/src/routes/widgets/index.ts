import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { attempts } from "./attempts";
import { create } from "./create";
import { embedScript } from "./embed-script";
import { get } from "./get";
import { licensedNumbers } from "./licensed-numbers";
import { list } from "./list";
import { callback } from "./public/callback";
import { challenge } from "./public/challenge";
import { config } from "./public/config";
import { registerPreflight } from "./public/preflight";
import { script } from "./public/script";
import { decorateIntake } from "./public/shared";
import { text } from "./public/text";
import { remove } from "./remove";
import { update } from "./update";

/** Website widgets of the account, mounted under /api: one file per endpoint. */
export const widgetRoutes = endpointRoutes(
  list,
  licensedNumbers,
  embedScript,
  create,
  get,
  update,
  attempts,
  remove,
);

/**
 * What the widget script on a customer's website reads and asks for, mounted under /widget.
 * Outside /api: no session, no console origin check. CORS is granted per widget, only to its own
 * allowed origins (public/shared.ts: `admit` has the order of a callback's or text's checks; a
 * body of the wrong shape is refused before any of them, unlogged).
 */
export async function widgetPublicRoutes(scope: FastifyInstance) {
  decorateIntake(scope);
  await scope.register(endpointRoutes(script, config, challenge, callback, text));
  registerPreflight(scope);
}
