import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { appReady, demoUser, field, openScreen, seriousAxeViolations, signIn, toast } from "./support";

/** What the customer's endpoint heard: each event's type and call, once `standardwebhooks` verified it. */
interface Heard {
  type: string;
  callSid: string | undefined;
}

/** One endpoint of the customer's receiver: its path, the secret it verifies with, what it heard. */
interface Endpoint {
  url: string;
  secret: string;
  heard: Heard[];
}

let receiver: Server;
let origin: string;
const endpoints = new Map<string, Endpoint>();
const unverified: string[] = [];

function verified(endpoint: Endpoint | undefined, body: string, headers: IncomingHttpHeaders): Heard | null {
  try {
    const event = new Webhook(endpoint?.secret ?? "").verify(body, headers as Record<string, string>) as {
      type: string;
      data: { callSid?: string };
    };
    return { type: event.type, callSid: event.data.callSid };
  } catch (err) {
    unverified.push((err as Error).message);
    return null;
  }
}

/** A new path on the receiver, whose secret is set once the subscription answers it. */
function newEndpoint(name: string): Endpoint {
  const endpoint = { url: `${origin}/${name}-${Date.now()}`, secret: "", heard: [] };
  endpoints.set(new URL(endpoint.url).pathname, endpoint);
  return endpoint;
}

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const endpoint = endpoints.get(req.url ?? "");
      // Another spec's call may be delivered before the test has read its secret: not ready yet,
      // as a real receiver starting up would say; the workers deliver it again later.
      if (endpoint && !endpoint.secret) {
        res.writeHead(503).end();
        return;
      }
      const event = verified(endpoint, Buffer.concat(chunks).toString("utf8"), req.headers);
      if (event) endpoint?.heard.push(event);
      res.writeHead(event ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** Calls the account's first number through the carrier sim; the caller presses 3 and records a second. */
async function callTheBusiness(page: Page) {
  const senders = (await (await page.request.get("/api/conversations/senders")).json()) as {
    numbers: { e164: string }[];
  };
  const from = `+1786555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  const call = await page.request.post("/carrier-sim/sim/calls", {
    headers: { origin: new URL(page.url()).origin },
    data: { from, to: senders.numbers[0]?.e164 ?? "", press: ["3"], recordSeconds: 1 },
  });
  expect(call.ok(), await call.text()).toBe(true);
}

const CALL_EVENTS = ["call.ringing", "call.answered", "call.completed"];

/**
 * Waits for a call's ringing, answered and completed events, in that order, all signed. Other
 * specs may call the demo number meanwhile: each call's events are judged on their own.
 */
async function expectOneCallsEvents(endpoint: Endpoint) {
  const byCall = () => {
    const calls = new Map<string, string[]>();
    for (const { type, callSid } of endpoint.heard.filter((h) => h.type.startsWith("call.")))
      calls.set(callSid ?? "", [...(calls.get(callSid ?? "") ?? []), type]);
    return [...calls.values()];
  };
  await expect
    .poll(() => byCall().some((types) => types.join() === CALL_EVENTS.join()), { timeout: 30_000 })
    .toBe(true);
  for (const types of byCall()) expect(CALL_EVENTS.slice(0, types.length)).toEqual(types);
  expect(unverified).toEqual([]);
}

test("an owner subscribes a webhook, sends a test event and receives a call's events, signed", async ({
  page,
}) => {
  // A call through the carrier sim and its events: more than a screen's budget on a loaded machine.
  test.slow();
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto("/dashboard/webhooks");
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

  const endpoint = newEndpoint("console");
  const url = endpoint.url;
  await page.getByRole("button", { name: "Add Webhook" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Webhook" });
  await dialog.getByLabel(/^Endpoint URL/).fill(url);
  for (const type of CALL_EVENTS) await dialog.getByRole("checkbox", { name: type }).check();
  await dialog.getByRole("button", { name: "Add Webhook" }).click();
  await expect(toast(page, "Webhook Added")).toBeVisible();

  const list = (await (await page.request.get("/api/webhooks")).json()) as {
    webhooks: { id: string; url: string; secret: string }[];
  };
  const mine = list.webhooks.find((w) => w.url === url);
  expect(mine).toBeDefined();
  endpoint.secret = mine?.secret ?? "";

  await page.getByRole("button", { name: `Delivery log of ${url}` }).click();
  await page.getByRole("button", { name: `Send a test event to ${url}` }).click();
  await expect(toast(page, "Test Event Sent")).toBeVisible();
  await expect.poll(() => endpoint.heard.map((h) => h.type)).toContain("webhook.test");
  const log = page.getByRole("table", { name: `Deliveries to ${url}` });
  await expect(log.getByRole("row", { name: /webhook\.test.*delivered/ })).toBeVisible();

  await callTheBusiness(page);
  await expectOneCallsEvents(endpoint);

  const { count, report } = await seriousAxeViolations(page);
  expect(count, report).toBe(0);
});

test("a key made in Settings subscribes a webhook through /v1 and hears a call's events, signed", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await openScreen(page, "/dashboard/settings?tab=api-keys");
  await page.getByRole("button", { name: "Create API Key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API Key" });
  await field(page, /^Name/).fill(`Webhooks key ${Date.now()}`);
  await dialog.getByRole("checkbox", { name: "Webhooks: read" }).check();
  await dialog.getByRole("checkbox", { name: "Webhooks: write" }).check();
  await dialog.getByRole("button", { name: "Create Key" }).click();
  const shown = page.getByRole("dialog", { name: "Your New API Key" });
  const key = (await shown.getByTestId("new-api-key").textContent())?.trim() ?? "";
  await shown.getByRole("button", { name: "Done" }).click();

  // The customer's own system: the key, and no cookie.
  const client = await playwright.request.newContext({ baseURL: baseURL ?? "" });
  const endpoint = newEndpoint("api");
  const created = await client.post("/v1/webhooks", {
    headers: { authorization: `Bearer ${key}`, "idempotency-key": `hook-${Date.now()}` },
    data: { url: endpoint.url, eventTypes: CALL_EVENTS },
  });
  expect(created.status(), await created.text()).toBe(201);
  endpoint.secret = ((await created.json()) as { secret: string }).secret;
  await client.dispose();

  await callTheBusiness(page);
  await expectOneCallsEvents(endpoint);
});
