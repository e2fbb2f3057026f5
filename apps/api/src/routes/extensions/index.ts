import { endpointRoutes } from "../../http/contract-route";
import { create } from "./create";
import { get } from "./get";
import { list } from "./list";
import { remove } from "./remove";
import { update } from "./update";

/**
 * Extensions, mounted under /api: one file per endpoint. Every save is checked by the routing
 * validator and recompiles the tables.
 */
export const extensionRoutes = endpointRoutes(list, create, get, update, remove);
