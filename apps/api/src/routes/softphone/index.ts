import { endpointRoutes } from "../../http/contract-route";
import { callCard } from "./call-card";
import { issueToken } from "./issue-token";
import { getSettings, setSettings } from "./settings";

/** The console's softphone, mounted under /api: its device's access token, its settings, its call card. */
export const softphoneRoutes = endpointRoutes(issueToken, getSettings, setSettings, callCard);
