import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookListQuerySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
} from "./schemas";

/** Every webhook endpoint is also the public API's, under the `webhooks` scope. */
const manage = {
  access: "account",
  permission: "webhooks.manage",
  publicApi: { scope: "webhooks" },
} as const;

/** Outgoing webhooks: the account's subscriptions, their signed deliveries and the log of each. */
export const webhookEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/webhooks",
    summary: "The account's webhook subscriptions",
    ...manage,
    query: webhookListQuerySchema,
    responses: { 200: webhookListSchema, ...errors(400, 401, 403) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/webhooks",
    summary: "Subscribe an endpoint to events; its signing secret is made here",
    ...manage,
    body: createWebhookBodySchema,
    responses: { 201: webhookSchema, ...errors(400, 401, 403, 409) },
  }),
  read: endpoint({
    method: "GET",
    path: "/api/webhooks/:id",
    summary: "One webhook subscription",
    ...manage,
    params: webhookParamsSchema,
    responses: { 200: webhookSchema, ...errors(400, 401, 403, 404) },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/webhooks/:id",
    summary: "Change a subscription's address, events or description, or turn it on or off",
    ...manage,
    params: webhookParamsSchema,
    body: updateWebhookBodySchema,
    responses: { 200: webhookSchema, ...errors(400, 401, 403, 404) },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/webhooks/:id",
    summary: "Delete a subscription and its delivery log",
    ...manage,
    params: webhookParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404) },
  }),
  rotateSecret: endpoint({
    method: "POST",
    path: "/api/webhooks/:id/secret",
    summary: "Replace the signing secret; deliveries from now on are signed with the new one",
    ...manage,
    params: webhookParamsSchema,
    responses: { 200: webhookSchema, ...errors(400, 401, 403, 404) },
  }),
  sendTest: endpoint({
    method: "POST",
    path: "/api/webhooks/:id/test",
    summary: "Send a `webhook.test` event to this subscription",
    ...manage,
    params: webhookParamsSchema,
    responses: { 202: webhookDeliverySchema, ...errors(400, 401, 403, 404) },
  }),
  deliveries: endpoint({
    method: "GET",
    path: "/api/webhooks/:id/deliveries",
    summary: "A subscription's deliveries, newest first, each with its attempts",
    ...manage,
    params: webhookParamsSchema,
    query: webhookDeliveriesQuerySchema,
    responses: { 200: webhookDeliveryListSchema, ...errors(400, 401, 403, 404) },
  }),
  replay: endpoint({
    method: "POST",
    path: "/api/webhooks/:id/deliveries/:deliveryId/replay",
    summary: "Send a delivery again, whatever became of it (a new attempt in its log)",
    ...manage,
    params: webhookDeliveryParamsSchema,
    responses: { 202: webhookDeliverySchema, ...errors(400, 401, 403, 404) },
  }),
};
