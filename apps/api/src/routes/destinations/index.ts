import { endpointRoutes } from "../../http/contract-route";
import { get } from "./get";
import { save } from "./save";

/** Where the account may call and text (the destination policy), mounted under /api: one file per endpoint. */
export const destinationPolicyRoutes = endpointRoutes(get, save);
