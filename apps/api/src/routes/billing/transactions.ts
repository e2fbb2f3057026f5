import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { listTransactions } from "@poundline/modules/billing/wallet";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const transactions = handle(walletEndpoints.transactions, async (request) => {
  const { account } = requireAccount(request);
  return listTransactions(request.server.deps.db.db, account.id, request.query.page);
});
