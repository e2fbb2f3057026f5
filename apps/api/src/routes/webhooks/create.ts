import { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import { createWebhook } from "@poundline/modules/webhooks/subscriptions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { webhookPorts, writeAnswer } from "./shared";

export const create = handle(webhookEndpoints.create, async (request, reply) => {
  const { account } = requireAccount(request);
  const webhook = writeAnswer(await createWebhook(webhookPorts(request), account.id, request.body));
  return reply.status(201).send(webhook);
});
