import { endpointRoutes } from "../../http/contract-route";
import { pushKey } from "./push-key";
import { subscribe } from "./subscribe";
import { unsubscribe } from "./unsubscribe";

/** Web Push on the signed-in user's devices, mounted with the settings at /api/settings/push. */
export const pushRoutes = endpointRoutes(pushKey, subscribe, unsubscribe);
