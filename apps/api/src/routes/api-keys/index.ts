import { endpointRoutes } from "../../http/contract-route";
import { create } from "./create";
import { list } from "./list";
import { revoke } from "./revoke";

/** The account's keys to the public API, mounted under /api: owners and admins only. */
export const apiKeyRoutes = endpointRoutes(list, create, revoke);
