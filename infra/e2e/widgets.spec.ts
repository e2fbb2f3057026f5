import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import { appReady, choose, demoUser, field, seriousAxeViolations, signIn, test, toast } from "./support";

/**
 * Website widgets: configured in the console, embedded in a page of ANOTHER origin (a tiny
 * static server started here), a callback started from it reaching the carrier simulator as two
 * legs, then the daily cap and the rate limit refusing further attempts with clear sentences.
 */

interface SimCallJson {
  direction: string;
  from: string;
  to: string;
  legs: { target: string; callerId: string | null; status: string }[];
}

/** A visitor's number (+1 404 555 xxxx: a valid exchange) that differs from run to run. */
function freshVisitor(): string {
  return `+1404555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
}

/**
 * Serves one HTML page on 127.0.0.1 (an origin other than the console's localhost), under a strict
 * Content-Security-Policy that allows the API only what docs/product.md says a host page must allow.
 */
async function serveHostPage(html: () => string, api: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'self'; script-src ${api}; connect-src ${api}`,
    });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

async function openWidgets(page: Page) {
  await signIn(page, demoUser);
  await page.waitForURL(/\/dashboard/);
  await page.goto("/dashboard/widgets");
  await appReady(page);
  await expect(page.getByRole("heading", { name: "Website Widgets", level: 1 })).toBeVisible();
}

/** Asks for a callback (or a text) through the embedded widget and returns the sentence it shows. */
async function askThroughWidget(host: Page, visitor: string) {
  await host.getByRole("button", { name: "Call Us Now" }).click();
  await host.getByLabel("Your phone number").fill(visitor);
  await host.getByRole("button", { name: "Call me" }).click();
  const status = host.getByRole("status");
  await expect(status).not.toHaveText(/^(Sending…)?$/, { timeout: 20_000 });
  return (await status.textContent()) ?? "";
}

test.describe("Website Widgets", () => {
  test("the console page passes axe", async ({ page }) => {
    await openWidgets(page);
    await expect(page.getByRole("heading", { name: "Live Preview" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const { count, report } = await seriousAxeViolations(page);
    expect(count, `axe found serious/critical violations:\n\n${report}\n`).toBe(0);
  });

  test("configure, embed on another origin, call back through the simulator, then cap and rate limit", async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // The host page's origin goes into the widget's allowed websites; its HTML, once the snippet is known.
    let html = "";
    const { server, origin: hostOrigin } = await serveHostPage(() => html, new URL(baseURL ?? "").origin);

    try {
      await openWidgets(page);
      await page.getByRole("button", { name: "New Widget" }).click();
      const name = `E2E widget ${Date.now()}`;
      await field(page, "Widget Name").fill(name);

      // The seed's messages: nothing to copy before saving, a number is required.
      await page.getByRole("button", { name: "Copy Snippet" }).click();
      await expect(toast(page, "Nothing to copy")).toBeVisible();
      await page.getByRole("button", { name: "Create Widget" }).click();
      await expect(toast(page, "Configuration Incomplete")).toContainText("Please select a licensed number.");

      // The live preview draws the defaults with the embed script's own code.
      const preview = page.getByTestId("widget-preview");
      await expect(preview.getByRole("button", { name: "Call Us Now" })).toBeVisible();
      await expect(preview.getByRole("button", { name: "Text Us Now" })).toBeVisible();
      await field(page, "Call Button Text").fill("Call Us Today");
      await expect(preview.getByRole("button", { name: "Call Us Today" })).toBeVisible();
      await field(page, "Call Button Text").fill("Call Us Now");

      await page.getByRole("textbox", { name: "Licensed Number", exact: true }).click();
      await page.getByRole("option", { name: /^\+1/ }).first().click();
      const websites = page.getByRole("textbox", { name: "Allowed Websites" });
      await websites.fill(hostOrigin);
      await websites.press("Enter");
      await field(page, "Daily Cap").fill("1");
      await page.getByRole("button", { name: "Create Widget" }).click();
      await expect(toast(page, "Widget Saved")).toBeVisible();

      const snippet = (await page.getByLabel("Widget snippet").textContent()) ?? "";
      expect(snippet).toMatch(
        /^<script src="http:\/\/localhost:\d+\/widget\/embed\.js\?v=\w+" data-widget-key="wk_\w+" async><\/script>$/,
      );
      const widgets = (await (await page.request.get("/api/widgets")).json()) as {
        items: { name: string; licensedNumber: { e164: string } | null }[];
      };
      const business = widgets.items.find((w) => w.name === name)?.licensedNumber?.e164;
      expect(business).toBeTruthy();

      // The customer's page: its own content first, the widget loading asynchronously.
      html = `<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Corner Shop</h1>${snippet}</body></html>`;
      const host = await context.newPage();
      await host.goto(`${hostOrigin}/`);
      await expect(host.getByRole("heading", { name: "Corner Shop" })).toBeVisible();
      await expect(host.getByRole("button", { name: "Call Us Now" })).toBeVisible();

      const visitor = freshVisitor();
      expect(await askThroughWidget(host, visitor)).toBe(
        "Thank you! We are calling the business now: your phone will ring as soon as they answer.",
      );

      // The simulator: the business number rang first, then a <Dial> bridged the visitor.
      await expect
        .poll(async () => {
          const calls = (await (await page.request.get("/carrier-sim/sim/calls")).json()) as SimCallJson[];
          return calls
            .filter((c) => c.direction === "outbound-api" && c.from === business && c.to === business)
            .flatMap((c) => c.legs)
            .filter((leg) => leg.target === visitor)
            .map((leg) => leg.callerId);
        })
        .toEqual([business]);

      // Daily cap of 1: the next attempt is refused with a sentence…
      expect(await askThroughWidget(host, freshVisitor())).toBe(
        "This business is not taking more requests from its website today. Please try again tomorrow.",
      );
      // …and past five attempts from this address in ten minutes, the rate limit speaks.
      let last = "";
      for (let i = 0; i < 4 && !last.startsWith("Too many"); i++)
        last = await askThroughWidget(host, freshVisitor());
      expect(last).toBe("Too many requests. Please try again in 10 minutes.");

      // Every attempt is in the console's log, accepted or refused.
      await page.reload();
      await appReady(page);
      await choose(page, "Widget", name);
      const log = page.getByRole("table", { name: "Widget attempts" });
      await expect(log.getByText("Accepted")).toHaveCount(1);
      await expect(log.getByText("Rate limited")).toHaveCount(1);
      await expect(log.getByText("Daily cap").first()).toBeVisible();
      await expect(log.getByText(visitor)).toBeVisible();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
