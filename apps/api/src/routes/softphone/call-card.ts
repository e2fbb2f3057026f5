import { softphoneEndpoints } from "@poundline/contracts/softphone/endpoints";
import { callCard as cardOf } from "@poundline/modules/softphone/call-card";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const callCard = handle(softphoneEndpoints.callCard, async (request) => {
  const { account } = requireAccount(request);
  return cardOf(request.server.deps.db.db, account.id, { ...request.params, ...request.query });
});
