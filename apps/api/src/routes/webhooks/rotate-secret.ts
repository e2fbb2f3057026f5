import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { rotateWebhookSecret } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { webhookNotFound, webhookPorts } from "./shared";

export const rotateSecret = handle(webhookEndpoints.rotateSecret, async (request) => {
  const { account } = requireAccount(request);
  const webhook = await rotateWebhookSecret(webhookPorts(request), account.id, request.params.id);
  if (!webhook) throw webhookNotFound();
  return webhook;
});
