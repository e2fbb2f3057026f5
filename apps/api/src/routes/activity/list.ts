import { activityEndpoints } from "@poundline/contracts/activity/endpoints";
import { listActivity } from "@poundline/modules/activity/activity";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(activityEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return listActivity(request.server.deps.db.db, account.id, request.query);
});
