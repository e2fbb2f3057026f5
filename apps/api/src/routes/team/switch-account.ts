import { myAccountEndpoints } from "@poundline/contracts/team/endpoints";
import { listMyAccounts, switchAccount as switchTo } from "@poundline/modules/team/my-accounts";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const switchAccount = handle(myAccountEndpoints.switch, async (request) => {
  const { user, sessionId } = requireAuth(request);
  const { db } = request.server.deps;
  await switchTo(db.db, { sessionId, userId: user.id }, request.body.accountId);
  return listMyAccounts(db.db, user.id, request.body.accountId);
});
