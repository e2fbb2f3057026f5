import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { updateWebhook } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { webhookPorts, writeAnswer } from "./shared";

export const update = handle(webhookEndpoints.update, async (request) => {
  const { account } = requireAccount(request);
  return writeAnswer(await updateWebhook(webhookPorts(request), account.id, request.params.id, request.body));
});
