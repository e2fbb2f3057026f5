import { readFileSync } from "node:fs";
import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { THEME_COLOR, webAppManifest } from "../../build/web-app-manifest";

describe("the web app manifest", () => {
  it("is the console's: Poundline, opening at the dashboard, standalone, with any and maskable icons", () => {
    expect(webAppManifest).toMatchObject({
      name: "Poundline",
      start_url: "/dashboard",
      display: "standalone",
    });
    expect(webAppManifest.icons?.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
  });

  it("takes the theme's blue at its light shade, as index.html's theme-color does", () => {
    expect(THEME_COLOR).toBe(DEFAULT_THEME.colors.blue[8]);
    expect(webAppManifest.theme_color).toBe(THEME_COLOR);
    const html = readFileSync(new URL("../../index.html", import.meta.url), "utf8");
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
  });
});
