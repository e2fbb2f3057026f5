import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { readWebhook } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { webhookNotFound } from "./shared";

export const read = handle(webhookEndpoints.read, async (request) => {
  const { account } = requireAccount(request);
  const webhook = await readWebhook(request.server.deps.db.db, account.id, request.params.id);
  if (!webhook) throw webhookNotFound();
  return webhook;
});
