import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { recentVoicemails as recentVoicemailsOf } from "@poundline/modules/console/dashboard";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const recentVoicemails = handle(consoleEndpoints.recentVoicemails, async (request) => {
  const { account } = requireAccount(request);
  return { voicemails: await recentVoicemailsOf(request.server.deps.db.db, account.id) };
});
