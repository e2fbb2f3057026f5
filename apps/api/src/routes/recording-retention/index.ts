import { endpointRoutes } from "../../http/contract-route";
import { get } from "./get";
import { save } from "./save";

/** How long the account's call recordings are kept, mounted under /api: one file per endpoint. */
export const recordingRetentionRoutes = endpointRoutes(get, save);
