import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { listDeliveries } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { webhookNotFound } from "./shared";

export const deliveries = handle(webhookEndpoints.deliveries, async (request) => {
  const { account } = requireAccount(request);
  const page = await listDeliveries(request.server.deps.db.db, account.id, request.params.id, request.query);
  if (!page) throw webhookNotFound();
  return page;
});
