import { endpointRoutes } from "../../http/contract-route";
import { exportCsv } from "./export";
import { get } from "./get";

/** Call analytics, mounted under /api: figures over the signed-in account's call logs only. */
export const analyticsRoutes = endpointRoutes(get, exportCsv);
