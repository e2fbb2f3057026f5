import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
  Notification,
} from "@mantine/core";
import type { SiteVariant } from "./site";

/**
 * The nonprofit site's green, dark enough that white text on a filled button and green text on
 * white both pass WCAG AA (Mantine's own green-8 gives 3.5:1).
 */
const nonprofitGreen: MantineColorsTuple = [
  "#ebfbee",
  "#d3f9d8",
  "#b2f2bb",
  "#8ce99a",
  "#69db7c",
  "#51cf66",
  "#37a04c",
  "#2f8a41",
  "#2b7a3b",
  "#1f5c2c",
];

/** Blue for the standard site, green for the nonprofit one (seed 000). */
export function themeFor(variant: SiteVariant): MantineThemeOverride {
  return createTheme({
    colors: { nonprofitGreen },
    primaryColor: variant === "nonprofit" ? "nonprofitGreen" : "blue",
    // Darker shades keep white button text above WCAG AA contrast.
    primaryShade: { light: 8, dark: 7 },
    fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
    headings: { fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif" },
    defaultRadius: "md",
    components: {
      // Toasts: a close button screen readers can name, and a description at 4.5:1 (Mantine's
      // gray-6 gives 3.3:1 on white).
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
        styles: { description: { color: "var(--mantine-color-gray-7)" } },
      }),
    },
  });
}

/** Secondary ("dimmed") text one shade darker than Mantine's, so small text keeps 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
  dark: {},
});
