/// <reference lib="webworker" />
/**
 * The console's service worker (built by vite-plugin-pwa's injectManifest into /sw.js, registered
 * by src/sw/register.ts in production builds only).
 *
 * - The shell is precached: index.html and the build's hashed assets, icons and manifest. A new
 *   build is a new precache list, so a new sw.js (served no-cache): it installs, takes over at
 *   once, and deletes the old build's copies.
 * - Pages (navigations) go to the network first, so every load after a deploy gets the new
 *   index.html; only offline does the precached one answer. A page of the old build still open
 *   asks for chunks the new build no longer has: the network answers 404 and the app reloads
 *   once into the new build (app/chunk-reload.ts), as without a service worker.
 * - The API's data is never cached: /api, /twilio, /media, /v1, /widget, /carrier-sim and
 *   /healthz, and websockets, are not routed here at all (the browser fetches them as usual).
 * - Web Push: a push shows its notification; a click focuses the console (or opens it) at the
 *   push's page.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Paths that are the server's, never the shell's: not even a navigation there is answered here. */
const SERVER_PATHS = /^\/(api|twilio|media|v1|widget|carrier-sim|healthz)(\/|$)/;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// Pages first, registered before the precache's own route so that "/" is not answered from it.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache("index.html");
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: [SERVER_PATHS] },
  ),
);
precacheAndRoute(self.__WB_MANIFEST);

/** What the server pushes (packages/modules/src/push/sender.ts). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: string;
}

function payloadOf(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data || typeof data.title !== "string") return null;
    return {
      title: data.title,
      body: typeof data.body === "string" ? data.body : "",
      url: typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/dashboard",
      tag: typeof data.tag === "string" ? data.tag : "",
      kind: typeof data.kind === "string" ? data.kind : "",
    };
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const push = payloadOf(event);
  if (!push) return;
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: push.url },
      ...(push.tag ? { tag: push.tag } : {}),
      // A ringing call stays on screen until it is acted on.
      requireInteraction: push.kind === "incoming_call",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === "string" && data.url.startsWith("/") ? data.url : "/dashboard";
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // An open console goes to the page and comes to the front; else a new window opens there.
      const open =
        windows.find((client) => new URL(client.url).pathname.startsWith("/dashboard")) ?? windows[0];
      if (open) {
        try {
          const focused = await open.focus();
          if (focused.url !== target) await focused.navigate(target);
          return;
        } catch {
          // A window this worker does not control cannot be steered: a new one opens instead.
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
