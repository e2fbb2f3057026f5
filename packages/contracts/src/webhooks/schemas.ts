import { z } from "zod";
import { line, pageQuery, text, timestampSchema } from "../common";
import { CURSOR_LIMITS, cursorQuery, cursorQueryOf, nextCursorField, optionalLimitQuery } from "../cursor";
import { webhookEventTypes } from "./events";

/** What the console says about webhooks, in one place (the web shows the same words). */
export const webhookMessages = {
  notFound: "Webhook not found",
  deliveryNotFound: "Delivery not found",
  url: "Enter the full address of your endpoint, starting with https://",
  httpsRequired: "The address must start with https://",
  credentials: "The address must not contain a user name or password.",
  eventTypes: "Choose at least one event.",
  unknownEvent: "Unknown event type.",
  description: "At most 200 characters.",
  full: (max: number) => `An account may have at most ${max} webhooks: delete one first.`,
} as const;

export const WEBHOOK_LIMITS = { url: 2000, description: 200, perAccount: 20 } as const;

const idOf = (prefix: string, message: string) =>
  line(message).regex(new RegExp(`^${prefix}_[a-z0-9]{1,64}$`), message);

export const webhookParamsSchema = z.object({ id: idOf("whs", webhookMessages.notFound) });
export const webhookDeliveryParamsSchema = z.object({
  id: idOf("whs", webhookMessages.notFound),
  deliveryId: idOf("whd", webhookMessages.deliveryNotFound),
});

/** An http(s) address without credentials; whether plain http is allowed is the server's config. */
const urlInput = line(webhookMessages.url)
  .max(WEBHOOK_LIMITS.url, webhookMessages.url)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), webhookMessages.url)
  .refine((value) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    return !url || (url.username === "" && url.password === "");
  }, webhookMessages.credentials);

const eventTypeSchema = z.enum(webhookEventTypes, { error: webhookMessages.unknownEvent });
const eventTypesInput = z
  .array(eventTypeSchema, { error: webhookMessages.eventTypes })
  .min(1, webhookMessages.eventTypes)
  .transform((types) => [...new Set(types)]);
const descriptionInput = text({ multiline: true }).max(
  WEBHOOK_LIMITS.description,
  webhookMessages.description,
);

/** POST /api/webhooks. */
export const createWebhookBodySchema = z.object({
  url: urlInput,
  description: descriptionInput.default(""),
  eventTypes: eventTypesInput,
});
export type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;

/** PATCH /api/webhooks/:id: the fields present change; `enabled: true` turns a disabled one back on. */
export const updateWebhookBodySchema = z.object({
  url: urlInput.optional(),
  description: descriptionInput.optional(),
  eventTypes: eventTypesInput.optional(),
  enabled: z.boolean({ error: "Must be true or false." }).optional(),
});
export type UpdateWebhookBody = z.output<typeof updateWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(eventTypeSchema),
  /** `whsec_` and base64 (Standard Webhooks): what the receiver verifies signatures with. */
  secret: z.string(),
  enabled: z.boolean(),
  disabledAt: timestampSchema.nullable(),
  disabledReason: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Webhook = z.output<typeof webhookSchema>;

/** GET /webhooks: every subscription, or a page of them (the public API's cursor pagination). */
export const webhookListQuerySchema = z.object({ ...optionalLimitQuery, ...cursorQuery });
export type WebhookListQuery = z.output<typeof webhookListQuerySchema>;
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema), ...nextCursorField });

export const deliveryStatusSchema = z.enum(["pending", "delivered", "failed"]);

/** One HTTP request made for a delivery. */
export const deliveryAttemptSchema = z.object({
  id: z.string(),
  attempt: z.number().int(),
  manual: z.boolean(),
  attemptedAt: timestampSchema,
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  nextAttemptAt: timestampSchema.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: timestampSchema,
  /** Newest first. */
  attemptLog: z.array(deliveryAttemptSchema),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  ...pageQuery(20, CURSOR_LIMITS.maxLimit),
  ...cursorQueryOf("sequence"),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;
export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number().int(),
  ...nextCursorField,
});
