import { myAccountEndpoints } from "@poundline/contracts/team/endpoints";
import { listMyAccounts as list } from "@poundline/modules/team/my-accounts";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const listMyAccounts = handle(myAccountEndpoints.list, async (request) => {
  const { user, account } = requireAuth(request);
  return list(request.server.deps.db.db, user.id, account?.id ?? null);
});
