import { DEFAULT_THEME } from "@mantine/core";
import type { ManifestOptions } from "vite-plugin-pwa";

/**
 * The theme's primary colour as the browser's chrome shows it: Mantine's blue at the shade the
 * theme uses in light mode (src/app/theme.ts, primaryShade.light = 8).
 */
export const THEME_COLOR = DEFAULT_THEME.colors.blue[8];

/** The console's web app manifest (/manifest.webmanifest): installable, opening at the dashboard. */
export const webAppManifest: Partial<ManifestOptions> = {
  id: "/dashboard",
  name: "Poundline",
  short_name: "Poundline",
  description: "Your business phone system: calls, texts, voicemail and your team, in your pocket.",
  start_url: "/dashboard",
  scope: "/",
  display: "standalone",
  orientation: "any",
  theme_color: THEME_COLOR,
  background_color: "#ffffff",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
