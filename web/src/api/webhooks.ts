import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { webhookEndpoints } from "@poundline/contracts/webhooks/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof webhookEndpoints;

export type Webhook = SuccessOf<Endpoints["read"]>;
export type WebhookDelivery = SuccessOf<Endpoints["replay"]>;
export type WebhookDeliveryPage = SuccessOf<Endpoints["deliveries"]>;
export type CreateWebhookInput = CallInput<Endpoints["create"]>["body"];
export type UpdateWebhookInput = CallInput<Endpoints["update"]>["body"];

/** The outgoing webhooks' endpoints (packages/contracts/src/webhooks/endpoints.ts). */
export const webhooksApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.call(routes.webhooks.list, { signal }),
  create: (body: CreateWebhookInput) => api.call(routes.webhooks.create, { body }),
  update: (id: string, body: UpdateWebhookInput) =>
    api.call(routes.webhooks.update, { params: { id }, body }),
  remove: (id: string) => api.call(routes.webhooks.remove, { params: { id } }),
  rotateSecret: (id: string) => api.call(routes.webhooks.rotateSecret, { params: { id } }),
  sendTest: (id: string) => api.call(routes.webhooks.sendTest, { params: { id } }),
  deliveries: (id: string, page: { limit: number; offset: number }, signal?: AbortSignal) =>
    api.call(routes.webhooks.deliveries, { params: { id }, query: page, signal }),
  replay: (id: string, deliveryId: string) =>
    api.call(routes.webhooks.replay, { params: { id, deliveryId } }),
});
