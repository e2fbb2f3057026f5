import { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import { handle } from "../../http/contract-route";
import { embedScript as builtScript, EMBED_SCRIPT_PATH } from "./shared";

/** The snippet's script address, versioned so browsers may cache it for good. */
export const embedScript = handle(widgetEndpoints.embedScript, async (request) => {
  const { version } = await builtScript();
  const base = request.server.deps.config.PUBLIC_BASE_URL.replace(/\/$/, "");
  return { scriptUrl: `${base}${EMBED_SCRIPT_PATH}?v=${version}` };
});
