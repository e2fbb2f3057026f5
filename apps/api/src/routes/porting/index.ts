import { endpointRoutes } from "../../http/contract-route";
import { adminList } from "./admin-list";
import { cancel } from "./cancel";
import { create } from "./create";
import { letter } from "./letter";
import { list } from "./list";
import { portability } from "./portability";
import { read } from "./read";

/** Port-in requests, mounted under /api: portability, requests, their signed letter, cancellation. */
export const portingRoutes = endpointRoutes(portability, list, create, read, letter, cancel);

/** Every account's port-in requests, for the admin area (mounted under /api like the rest of it). */
export const adminPortingRoutes = endpointRoutes(adminList);
