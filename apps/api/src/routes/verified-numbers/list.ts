import { verifiedNumberEndpoints } from "@poundline/contracts/verified-numbers/endpoints";
import { isUnpaidTrial, paymentStanding } from "@poundline/modules/billing/unpaid-trial";
import { listVerifiedNumbers } from "@poundline/modules/verified-numbers/verify";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(verifiedNumberEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const [numbers, standing] = await Promise.all([
    listVerifiedNumbers(db.db, account.id),
    paymentStanding(db.db, account.id, clock()),
  ]);
  return { numbers, unpaidTrial: isUnpaidTrial(standing) };
});
