import { setupGuideEndpoints } from "@poundline/contracts/console/setup-guide-endpoints";
import { dismissSetupGuide, setupGuide } from "@poundline/modules/console/setup-guide";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

// Open to every member (route-permissions.ts openWrites): it puts away the guide of the person only.
export const dismiss = handle(setupGuideEndpoints.dismiss, async (request) => {
  const { account, user } = requireAccount(request);
  const { db, simulator, clock } = request.server.deps;
  const who = { accountId: account.id, userId: user.id };
  await dismissSetupGuide(db.db, who, request.body.dismissed, clock());
  return setupGuide(db.db, who, simulator !== null);
});
