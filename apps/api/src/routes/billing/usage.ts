import { planEndpoints } from "@poundline/contracts/billing/plan-endpoints";
import { monthStart, nextMonthStart, usageFromLedger } from "@poundline/db";
import { getSpendGuard } from "@poundline/modules/billing/spend-guard";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const usage = handle(planEndpoints.usage, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const now = clock();
  const from = monthStart(now);
  const [used, guard] = await Promise.all([
    usageFromLedger(db.db, account.id, from, nextMonthStart(now)),
    getSpendGuard(db.db, account.id, now),
  ]);
  return { from, to: now, ...used, monthlySpendCapCents: guard.monthlySpendCapCents };
});
