import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { listWebhooks } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(webhookEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return listWebhooks(request.server.deps.db.db, account.id, request.query);
});
