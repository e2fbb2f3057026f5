import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { setLowBalanceThreshold } from "@poundline/modules/billing/wallet";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const updateWallet = handle(walletEndpoints.updateWallet, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  return setLowBalanceThreshold(db.db, account.id, request.body.lowBalanceThresholdCents, clock());
});
