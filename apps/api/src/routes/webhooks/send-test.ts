import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { sendTestEvent } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { webhookNotFound, webhookPorts } from "./shared";

export const sendTest = handle(webhookEndpoints.sendTest, async (request, reply) => {
  const { account } = requireAccount(request);
  const delivery = await sendTestEvent(webhookPorts(request), account.id, request.params.id);
  if (!delivery) throw webhookNotFound();
  return reply.status(202).send(delivery);
});
