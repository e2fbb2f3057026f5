/**
 * Renders the web app's PNG icons from its SVG logos, once (the PNGs are committed): the
 * manifest's 192 and 512 px icons, the maskable 512 px one, and the 180 px apple-touch-icon, in
 * the system's Chromium (never a downloaded browser).
 *
 *   node --import tsx web/scripts/render-icons.ts
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const icons = fileURLToPath(new URL("../public/icons/", import.meta.url));

/** Each PNG: the SVG it comes from, its size, and whether its corners stay transparent. */
const renders = [
  { svg: "logo.svg", png: "icon-192.png", size: 192, transparent: true },
  { svg: "logo.svg", png: "icon-512.png", size: 512, transparent: true },
  { svg: "logo-maskable.svg", png: "maskable-512.png", size: 512, transparent: false },
  // iOS draws its own rounded corners over a full square.
  { svg: "logo-maskable.svg", png: "apple-touch-icon.png", size: 180, transparent: false },
] as const;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const render of renders) {
    const svg = await readFile(`${icons}${render.svg}`, "utf8");
    const page = await browser.newPage({ viewport: { width: render.size, height: render.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img alt="" width="${render.size}" height="${render.size}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}"></body></html>`,
    );
    await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: `${icons}${render.png}`, omitBackground: render.transparent });
    await page.close();
    console.log(`${render.png}: ${render.size}×${render.size} from ${render.svg}`);
  }
} finally {
  await browser.close();
}
