/**
 * Registers the service worker (src/sw/sw.ts, built to /sw.js) in production builds only: the dev
 * server's modules are not a shell to cache. `updateViaCache: "none"`: the browser checks sw.js
 * itself on every load, whatever its HTTP cache holds, so a deploy is seen at the next page load.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js", { scope: "/", updateViaCache: "none" })
      .catch((error: unknown) => {
        console.warn("service worker not registered", error);
      });
  });
}
