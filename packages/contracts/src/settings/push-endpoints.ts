import { z } from "zod";
import { endpoint, errors } from "../endpoint";

/** A push service's endpoint: https only (every browser's push service is), at most 2 KB. */
const pushEndpointSchema = z
  .url({ protocol: /^https$/, error: "The push endpoint must be an https address." })
  .max(2048, "The push endpoint is too long.");

/** A base64url value of the browser's subscription keys. */
const base64Url = (name: string, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The ${name} key must be base64url.`)
    .max(max, `The ${name} key is too long.`);

/** What `PushSubscription.toJSON()` gives, as the browser sends it. */
export const pushSubscriptionBodySchema = z.object(
  {
    endpoint: pushEndpointSchema,
    keys: z.object({ p256dh: base64Url("p256dh", 128), auth: base64Url("auth", 64) }),
  },
  { error: "A push subscription has an endpoint and its keys." },
);
export type PushSubscriptionBody = z.output<typeof pushSubscriptionBodySchema>;

/** Web Push on the signed-in user's devices (Settings → Notifications, "Enable on this device"). */
export const pushEndpoints = {
  key: endpoint({
    method: "GET",
    path: "/api/settings/push/key",
    summary: "The public VAPID key a browser subscribes to push with",
    access: "signed-in",
    responses: { 200: z.object({ publicKey: z.string() }), ...errors(401) },
  }),
  subscribe: endpoint({
    method: "POST",
    path: "/api/settings/push/subscriptions",
    summary: "Enable push on this device (the same endpoint again updates it)",
    access: "signed-in",
    body: pushSubscriptionBodySchema,
    responses: { 200: z.object({ id: z.string() }), ...errors(400, 401) },
  }),
  unsubscribe: endpoint({
    method: "DELETE",
    path: "/api/settings/push/subscriptions",
    summary: "Disable push on one of one's devices, named by its endpoint",
    access: "signed-in",
    query: z.object({ endpoint: pushEndpointSchema }),
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 404) },
  }),
};
