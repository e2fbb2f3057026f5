import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { deleteWebhook } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { webhookNotFound } from "./shared";

export const remove = handle(webhookEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  if (!(await deleteWebhook(request.server.deps.db.db, account.id, request.params.id)))
    throw webhookNotFound();
  return reply.status(204).send(null);
});
