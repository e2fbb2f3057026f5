import { expect, type Page } from "@playwright/test";
import { appReady, demoUser, signIn, test } from "./support";

/**
 * A deploy replaces the page chunks: a console opened before it asks for chunks that are gone.
 * Here a page's chunk answers 404 (page.route), as an old chunk does after a deploy.
 *
 * Without the service worker (a first visit before it takes over, a browser without one): with it
 * in control, the old build's chunks come from its precache until the new sw.js takes over and
 * drops them, and page.route never sees a request the worker answers. The worker's side of a
 * deploy (pages from the network first) is pwa.spec.ts's.
 */
test.use({ serviceWorkers: "block" });

/** The page chunks of a console screen: /assets/<Screen>-<hash>.js (Vite's chunk names). */
const chunkOf = (screen: string) => new RegExp(`/assets/${screen}-[\\w-]+\\.js$`);

/**
 * Counts the page's full loads from now on: its requests for a document, made before any script
 * of the new page runs (the load event may come after the page has drawn).
 */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

async function openDashboard(page: Page) {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Dashboard navigation" });

test("a page chunk gone after a deploy: one reload into the new build, at the page the user opened", async ({
  page,
}) => {
  await openDashboard(page);
  // The old build's page: every request for the Widgets screen's chunk fails (its preload and its
  // import); the reloaded page (the new build) gets it.
  const loads = countLoads(page);
  let refused = 0;
  await page.route(chunkOf("Widgets"), async (route) => {
    if (loads() === 0) {
      refused += 1;
      await route.fulfill({ status: 404, body: "Not Found" });
    } else await route.continue();
  });
  await nav(page).getByRole("link", { name: "Website Widgets" }).click();

  await expect(page).toHaveURL(/\/dashboard\/widgets$/);
  await expect(page.getByRole("heading", { level: 1, name: /Widget/ })).toBeVisible();
  expect(refused).toBeGreaterThanOrEqual(1);
  expect(loads()).toBe(1);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
});

test("a chunk that stays missing shows the error page after one reload, not a reload loop", async ({
  page,
}) => {
  await openDashboard(page);
  let requests = 0;
  await page.route(chunkOf("Analytics"), async (route) => {
    requests += 1;
    await route.fulfill({ status: 404, body: "Not Found" });
  });
  const loads = countLoads(page);
  await nav(page).getByRole("link", { name: "Analytics" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  await page.waitForLoadState("networkidle");
  // Tried before and after the one reload, then the error page stays.
  expect(loads()).toBe(1);
  expect(requests).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();

  // The way back: the dashboard loads (and a later deploy may reload once again).
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(await page.evaluate<string | null>('sessionStorage.getItem("poundline:chunk-reload")')).toBeNull();
});

test("a full load of a console page logs no missing HydrateFallback warning", async ({ page }) => {
  await openDashboard(page);
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("HydrateFallback")) warnings.push(message.text());
  });
  await page.goto("/dashboard/contacts");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect(warnings).toEqual([]);
});
