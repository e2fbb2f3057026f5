import { createTheme, type MantineThemeOverride } from "@mantine/core";
import type { SiteVariant } from "./site";

/** Blue for the standard site, green for the nonprofit one (seed 000). */
export function themeFor(variant: SiteVariant): MantineThemeOverride {
  return createTheme({
    primaryColor: variant === "nonprofit" ? "green" : "blue",
    // Darker shades keep white button text above WCAG AA contrast.
    primaryShade: { light: 8, dark: 7 },
    fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
    headings: { fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif" },
    defaultRadius: "md",
  });
}
