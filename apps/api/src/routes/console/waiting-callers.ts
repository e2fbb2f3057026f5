import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { waitingCallers as waitingCallersOf } from "@poundline/modules/ring-hunt/waiting";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const waitingCallers = handle(consoleEndpoints.waitingCallers, async (request) => {
  const { account } = requireAccount(request);
  return { callers: await waitingCallersOf(request.server.deps.db.db, account.id) };
});
