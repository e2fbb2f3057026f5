import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { listInvoices } from "@poundline/modules/billing/wallet";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const invoices = handle(walletEndpoints.invoices, async (request) => {
  const { account } = requireAccount(request);
  return listInvoices(request.server.deps.db.db, account.id);
});
