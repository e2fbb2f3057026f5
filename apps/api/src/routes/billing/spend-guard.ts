import { planEndpoints } from "@poundline/contracts/billing/plan-endpoints";
import { getSpendGuard } from "@poundline/modules/billing/spend-guard";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const spendGuard = handle(planEndpoints.spendGuard, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  return getSpendGuard(db.db, account.id, clock());
});
