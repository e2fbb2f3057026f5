import { planEndpoints } from "@poundline/contracts/billing/plan-endpoints";
import { saveSpendGuard as saveGuard } from "@poundline/modules/billing/spend-guard";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const saveSpendGuard = handle(planEndpoints.saveSpendGuard, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const saved = await saveGuard(db.db, account.id, request.body, clock());
  // The cap closes or reopens the account's calls: the gate lives in the routing tables.
  await routing.changed();
  return saved;
});
