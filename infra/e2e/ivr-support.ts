import { expect, type Page } from "@playwright/test";
import { appReady } from "./support";

/** Helpers of the IVR spec (ivr-menus.spec.ts): calls through the simulator, a number for a menu. */

/** Cookie-authenticated writes carry the app's Origin, as the browser's do. */
export const origin = (page: Page) => new URL(page.url()).origin;
export const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");

interface VerbJson {
  verb: string;
  text?: string;
  attributes: Record<string, string>;
}
interface TranscriptJson {
  verbs: VerbJson[];
}

/** What the caller heard (the Say verbs), in order. */
export const heard = (transcript: TranscriptJson) =>
  transcript.verbs.filter((v) => v.verb === "Say").map((v) => v.text ?? "");

/** The Say verb whose text holds `part`: its text and attributes (voice, language). */
export const sayVerb = (transcript: TranscriptJson, part: string) =>
  transcript.verbs.find((v) => v.verb === "Say" && (v.text ?? "").includes(part));

/** A call to `to` through the carrier simulator, the caller pressing `press` (one entry per menu). */
export async function placeCall(page: Page, to: string, press: string[]): Promise<TranscriptJson> {
  const res = await page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: origin(page) },
    data: { from: `+1786555${randomDigits(4)}`, to, press },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as TranscriptJson;
}

interface RoutingJson {
  numbers: (Record<string, unknown> & { numberId: string; e164: string })[];
}

/**
 * Buys a number for this test (the demo's two lines belong to the other specs) and sends its calls,
 * in and out of business hours, to `menuId`. Returns the number and a function that releases it.
 */
export async function numberAnsweredBy(page: Page, menuId: string) {
  const headers = { origin: origin(page) };
  const available = await page.request.get("/api/numbers/available?areaCode=919");
  const { numbers } = (await available.json()) as { numbers: { e164: string }[] };
  const e164 = numbers[Math.floor(Math.random() * numbers.length)]?.e164 as string;
  const bought = await page.request.post("/api/numbers", {
    headers,
    data: { e164, friendlyName: "IVR e2e" },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { id } = (await bought.json()) as { id: string };
  const routing = (await (await page.request.get("/api/call-routing")).json()) as RoutingJson;
  const current = routing.numbers.find((n) => n.numberId === id);
  expect(current).toBeTruthy();
  const {
    numberId: _id,
    e164: _e164,
    friendlyName: _name,
    holdMusicUrl: _url,
    ...body
  } = current as Record<string, unknown>;
  const menu = { type: "ivr_menu", target: menuId, ringGroup: [] };
  const saved = await page.request.put(`/api/call-routing/${id}`, {
    headers,
    data: { ...body, businessHoursDestination: menu, afterHoursDestination: menu },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return {
    id,
    e164,
    release: async () => {
      const released = await page.request.delete(`/api/numbers/${id}`, { headers });
      expect(released.status()).toBe(204);
    },
  };
}

export async function openIvrMenus(page: Page) {
  await page.goto("/dashboard/ivr-menus");
  await appReady(page);
  await expect(page.getByRole("heading", { name: "IVR Menus", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Loading IVR menus")).toBeHidden();
}

export async function menuIdOf(page: Page, name: string): Promise<string> {
  const { items } = (await (await page.request.get("/api/ivr-menus")).json()) as {
    items: { id: string; name: string }[];
  };
  const menu = items.find((m) => m.name === name);
  expect(menu, `menu ${name}`).toBeTruthy();
  return (menu as { id: string }).id;
}
