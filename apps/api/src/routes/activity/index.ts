import { endpointRoutes } from "../../http/contract-route";
import { list } from "./list";

/** The account's activity log, mounted under /api (written by http/activity-log.ts). */
export const activityRoutes = endpointRoutes(list);
