/**
 * Web Push on this browser: what it supports, whether it is subscribed, and subscribing with the
 * server's VAPID key. Pure browser APIs; the hook (use-device-push.ts) talks to the API.
 */

/** Where this browser stands: no push at all, notifications refused, no worker yet, off, on. */
export type DevicePushState = "unsupported" | "denied" | "no-worker" | "off" | "on";

export function browserSupportsPush(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The VAPID key as the Push API takes it: the bytes of its base64url text. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + "=".repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker's registration (production builds register it at load), or null. */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!browserSupportsPush()) return null;
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

/** This browser's state, read from its permission and its push subscription. */
export async function readDevicePushState(): Promise<DevicePushState> {
  if (!browserSupportsPush()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await workerRegistration();
  if (!registration) return "no-worker";
  return (await registration.pushManager.getSubscription()) ? "on" : "off";
}

/** What the API stores of a subscription (PushSubscription.toJSON()). */
export interface SubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Asks for permission (it must follow the person's click), then subscribes with the server's
 * key; null when the person refused notifications.
 */
export async function subscribeDevice(publicKey: string): Promise<SubscriptionJson | null> {
  const registration = await workerRegistration();
  if (!registration) throw new Error("This page has no service worker yet: reload it and try again.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return null;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new Error("The browser gave no push keys.");
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** This browser's subscription's endpoint, unsubscribed at the push service; null when it had none. */
export async function unsubscribeDevice(): Promise<string | null> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
