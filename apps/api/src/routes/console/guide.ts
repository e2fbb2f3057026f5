import { setupGuideEndpoints } from "@poundline/contracts/console/setup-guide-endpoints";
import { setupGuide } from "@poundline/modules/console/setup-guide";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

/** The dashboard's setup guide: its steps, as this person sees them. */
export const guide = handle(setupGuideEndpoints.guide, async (request) => {
  const { account, user } = requireAccount(request);
  const { db, simulator } = request.server.deps;
  return setupGuide(db.db, { accountId: account.id, userId: user.id }, simulator !== null);
});
