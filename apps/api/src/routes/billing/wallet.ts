import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { openWallet } from "@poundline/modules/billing/wallet";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const wallet = handle(walletEndpoints.wallet, async (request) => {
  const { account } = requireAccount(request);
  return openWallet(request.server.deps.db.db, account.id, request.server.deps.clock());
});
