import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { replayDelivery } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { deliveryNotFound, webhookPorts } from "./shared";

export const replay = handle(webhookEndpoints.replay, async (request, reply) => {
  const { account } = requireAccount(request);
  const { id, deliveryId } = request.params;
  const delivery = await replayDelivery(webhookPorts(request), account.id, id, deliveryId);
  if (!delivery) throw deliveryNotFound();
  return reply.status(202).send(delivery);
});
