import { endpointRoutes } from "../../http/contract-route";
import { coverage } from "./coverage";
import { saveRules } from "./save-rules";
import { sharedNumber } from "./shared-number";
import { sharedNumbers } from "./shared-numbers";
import { test } from "./test";

/** Geo-location routing of the shared pound-code numbers, mounted under /api: one file per endpoint. */
export const geoRoutingRoutes = endpointRoutes(sharedNumbers, sharedNumber, saveRules, coverage, test);
