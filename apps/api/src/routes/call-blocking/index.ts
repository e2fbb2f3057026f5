import { endpointRoutes } from "../../http/contract-route";
import { add } from "./add";
import { get } from "./get";
import { remove } from "./remove";
import { updateRules } from "./update-rules";

/** The block list and the blocking rules, mounted under /api: one file per endpoint. */
export const callBlockingRoutes = endpointRoutes(get, updateRules, add, remove);
