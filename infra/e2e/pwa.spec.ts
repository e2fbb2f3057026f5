import { expect, type Page } from "@playwright/test";
import {
  appReady,
  buyNumber,
  demoUser,
  newTeammate,
  seriousAxeViolations,
  signIn,
  test,
  toast,
} from "./support";

/**
 * The console on a phone (issue 25): installable (its manifest and icons), its shell cached by a
 * service worker that never answers for the API, Web Push enabled from Settings, and the
 * softphone answering a call at a phone's width.
 */

/** A phone's width (iPhone 12-15). */
const PHONE = { width: 390, height: 844 };

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active and controls the page; its script's URL. */
async function controlledBy(page: Page): Promise<string> {
  await expect
    .poll(
      () => page.evaluate<boolean>("Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  return page.evaluate<string>("navigator.serviceWorker.controller.scriptURL");
}

/** Every URL the page's caches hold. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(async () => {
    const urls = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  })()`);
}

test("the manifest is served and valid: the console's name, start and theme, and icons of the sizes it says", async ({
  page,
}) => {
  await page.goto("/");
  await appReady(page);
  const manifestHref = await page.locator('link[rel="manifest"]').first().getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  const apple = await page.request.get(appleIcon ?? "");
  expect(apple.ok()).toBe(true);
  expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });

  const res = await page.request.get("/manifest.webmanifest");
  expect(res.ok()).toBe(true);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: "Poundline", start_url: "/dashboard", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()["content-type"]).toBe(icon.type);
    const [width, height] = icon.sizes.split("x").map(Number);
    expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
  }
});

test("the service worker controls the console, loads its shell offline, and never answers for the API", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const api: { url: string; fromServiceWorker: boolean }[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/"))
      api.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
  });
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
  // sw.js itself is checked on every load (no-cache).
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  // A reload online: the page comes from the network (a deploy's new index.html would), and the
  // API's answers never from the worker.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Dashboard navigation" })
    .getByRole("link", { name: "Voicemails" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Voicemail/ })).toBeVisible();
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((response) => response.fromServiceWorker)).toEqual([]);
  const cached = await cachedUrls(page);
  expect(cached.some((url) => url.endsWith("/index.html") || url.includes("/index.html?"))).toBe(true);
  expect(cached.some((url) => /\/assets\/index-[\w-]+\.js/.test(url))).toBe(true);
  expect(cached.filter((url) => /\/(api|twilio|media|v1)\//.test(new URL(url).pathname))).toEqual([]);

  // Offline: the shell still loads (from the precache), at a page never opened before too; the
  // API's requests fail rather than being answered from a cache.
  await context.setOffline(true);
  try {
    const before = api.length;
    const offline = await page.goto("/dashboard/contacts");
    expect(offline?.fromServiceWorker()).toBe(true);
    await expect(page).toHaveTitle(/Poundline/);
    await expect(page.locator("#root")).not.toBeEmpty();
    const failedApi = await page.evaluate<string>(
      `fetch("/api/settings/profile").then((r) => "answered " + r.status, () => "failed")`,
    );
    expect(failedApi).toBe("failed");
    expect(api.slice(before).filter((response) => response.fromServiceWorker)).toEqual([]);
  } finally {
    await context.setOffline(false);
  }
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("a deploy reaches a console the service worker controls: its pages come from the network first", async ({
  page,
  context,
}) => {
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  await controlledBy(page);
  // The next build's page (context.route also sees the worker's own requests): a worker answering
  // pages from its precache would keep showing the old one.
  const current = await (await page.request.get("/dashboard")).text();
  const next = current.replace("<title>Poundline</title>", "<title>Poundline (next build)</title>");
  expect(next).not.toBe(current);
  await context.route(/\/dashboard\/analytics$/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: next }),
  );
  const loaded = await page.goto("/dashboard/analytics");
  expect(loaded?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveTitle("Poundline (next build)");
});

/** A push subscription as a browser's push service would give it (headless Chromium has none). */
const FAKE_PUSH_INIT = `(() => {
  let current = null;
  const key = (bytes) => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))))
    .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const p256dh = "B" + key(64).slice(0, 86);
  const auth = key(16);
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    if (!(options && options.applicationServerKey && options.applicationServerKey.byteLength === 65))
      throw new Error("no VAPID key");
    const endpoint = "https://push.invalid/e2e/" + key(12);
    current = {
      endpoint,
      toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
      unsubscribe: async () => { current = null; return true; },
    };
    return current;
  };
})();`;

test("Settings → Notifications at 390 px: push on this device is enabled and disabled, with the push switches", async ({
  page,
  browser,
  admin,
}) => {
  test.setTimeout(150_000);
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { page: member } = await newTeammate(page, browser, admin, { firstName: "Pia", lastName: "Pocket" });
  try {
    await member.context().grantPermissions(["notifications"]);
    await member.context().addInitScript({ content: FAKE_PUSH_INIT });
    await member.setViewportSize(PHONE);
    await member.goto("/dashboard/settings?tab=notifications");
    await appReady(member);
    await controlledBy(member);
    const tab = member.getByRole("tab", { name: "Notifications" });
    if ((await tab.getAttribute("aria-selected")) !== "true") await tab.click();
    const device = member.getByRole("region", { name: "Notifications on this device" });
    await expect(device.getByText("Off", { exact: true })).toBeVisible();
    await expect(member.getByRole("switch", { name: "Push on new text" })).toBeChecked();
    const axe = await seriousAxeViolations(member);
    expect(
      axe.count,
      `axe found serious/critical violations on Notifications at 390 px:\n\n${axe.report}\n`,
    ).toBe(0);
    expect(await member.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );

    await device.getByRole("button", { name: "Enable on this device" }).click();
    await expect(toast(member, "Notifications On")).toBeVisible();
    await expect(device.getByText("On", { exact: true })).toBeVisible();
    // The server holds this device: removing it by its endpoint finds it.
    const endpoint = await member.evaluate<string>(
      "navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()).then((s) => s.endpoint)",
    );
    const origin = new URL(member.url()).origin;
    const removed = await member.request.delete(
      `/api/settings/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`,
      { headers: { origin } },
    );
    expect(removed.status()).toBe(204);

    await device.getByRole("button", { name: "Disable on this device" }).click();
    await expect(device.getByText("Off", { exact: true })).toBeVisible();

    // A push switch saved with the others.
    await member.getByRole("switch", { name: "Push on new text" }).click({ force: true });
    await member.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(member, "Preferences Saved")).toBeVisible();
    const saved = (await (await member.request.get("/api/settings/notifications")).json()) as {
      pushText: boolean;
    };
    expect(saved.pushText).toBe(false);
  } finally {
    await member.context().close();
  }
});

test("the softphone answers an incoming call at 390 px", async ({ page, browser, admin }) => {
  test.setTimeout(180_000);
  await signIn(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A member of their own: no ring group of the demo rings them, and no other spec's calls.
  const { page: member, email } = await newTeammate(page, browser, admin, {
    firstName: "Max",
    lastName: "Mobile",
  });
  const origin = new URL(page.url()).origin;
  let numberId = "";
  try {
    await member.setViewportSize(PHONE);
    const people = (await (await page.request.get("/api/people")).json()) as {
      members: { userId: string; email: string }[];
    };
    const userId = people.members.find((m) => m.email === email)?.userId;
    expect(userId).toBeTruthy();
    const bought = await buyNumber(page, "PWA e2e");
    numberId = bought.id;
    const given = await page.request.put(`/api/people/${userId}/direct-line`, {
      headers: { origin },
      data: { directNumberId: bought.id, extensionId: null },
    });
    expect(given.ok(), await given.text()).toBe(true);

    // The member turns on ringing in this browser, on the phone-sized console.
    await member.getByRole("button", { name: "Phone", exact: true }).click();
    const panel = member.getByRole("dialog", { name: "Phone" });
    await expect(panel.getByRole("status", { name: "Phone status: Ready" })).toBeVisible();
    const ring = panel.getByRole("switch", { name: "Ring calls in this browser" });
    await expect(ring).toBeEnabled();
    if (!(await ring.isChecked())) await ring.click({ force: true });
    await expect(ring).toBeChecked();
    await panel.getByRole("button", { name: "Close the phone" }).click();
    await expect(panel).toBeHidden();

    const line = String(Math.floor(Math.random() * 9000) + 1000);
    const placed = page.request.post("/carrier-sim/sim/calls", {
      headers: { origin },
      data: { from: `+1305555${line}`, to: bought.e164, recordSeconds: 2 },
      timeout: 120_000,
    });
    const incoming = member.getByRole("region", { name: "Incoming call" });
    await expect(incoming).toContainText(`(305) 555-${line}`);
    const answer = incoming.getByRole("button", { name: "Answer" });
    await expect(answer).toBeInViewport({ ratio: 1 });
    const axe = await seriousAxeViolations(member);
    expect(
      axe.count,
      `axe found serious/critical violations with a call ringing at 390 px:\n\n${axe.report}\n`,
    ).toBe(0);
    await answer.click();

    await expect(panel.getByText("On call")).toBeVisible();
    const hangUp = panel.getByRole("button", { name: "Hang up" });
    await expect(hangUp).toBeInViewport({ ratio: 1 });
    expect(await member.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      PHONE.width,
    );
    await hangUp.click();
    await expect(panel.getByText("Call ended")).toBeVisible();
    const ended = await placed;
    expect(ended.ok(), await ended.text()).toBe(true);
  } finally {
    if (numberId) await page.request.delete(`/api/numbers/${numberId}`, { headers: { origin } });
    await member.context().close();
  }
});
