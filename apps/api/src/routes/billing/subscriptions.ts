import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { listSubscriptions } from "@poundline/modules/billing/wallet";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const subscriptions = handle(walletEndpoints.subscriptions, async (request) => {
  const { account } = requireAccount(request);
  return listSubscriptions(request.server.deps.db.db, account.id);
});
