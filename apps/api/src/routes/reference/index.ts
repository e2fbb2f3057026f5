import { endpointRoutes } from "../../http/contract-route";
import { openapi } from "./openapi";

/** The API's reference, mounted under /api: its OpenAPI document, public. */
export const referenceRoutes = endpointRoutes(openapi);
