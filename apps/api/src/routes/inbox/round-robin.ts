import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { listRoundRobin } from "@poundline/modules/inbox/round-robin";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const roundRobin = handle(inboxEndpoints.roundRobin, async (request) => {
  const { account } = requireAccount(request);
  return { numbers: await listRoundRobin(request.server.deps.db.db, account.id) };
});
