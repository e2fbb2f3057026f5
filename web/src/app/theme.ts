import {
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineThemeOverride,
  Modal,
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
      // Every dialog: a named close button (axe: critical without one) and, once closed, the
      // keyboard focus back on the control that opened it.
      Modal: Modal.extend({
        defaultProps: { closeButtonProps: { "aria-label": "Close dialog" }, returnFocus: true },
      }),
      Drawer: Drawer.extend({
        defaultProps: { closeButtonProps: { "aria-label": "Close dialog" }, returnFocus: true },
      }),
    },
  });
}

/** WCAG AA for normal text. */
const AA_CONTRAST = 4.5;
/** The lightest background a "light" button or badge has: its colour at 12% over white (hover). */
const LIGHT_TINT = 0.12;

function contrastOnWhite(color: string): number {
  return 1.05 / (luminance(color) + 0.05);
}

/**
 * The text colour of the "light" and "subtle" variants (buttons, badges, action icons): Mantine
 * uses the primary shade (red, orange, green and yellow give 2-4:1 on their tint), here the 9th
 * shade darkened until it keeps 4.5:1 on its tint (a tint lowers contrast; the margin covers it).
 */
export function readableLightColor(shades: readonly string[]): string {
  const target = AA_CONTRAST / (1 - LIGHT_TINT);
  let color = shades[9] ?? "#000000";
  for (let step = 0; step < 10 && contrastOnWhite(color) < target; step++) color = darken(color, 0.1);
  return color;
}

/**
 * Secondary ("dimmed") text one shade darker than Mantine's, so small text keeps 4.5:1; the
 * light variants' text dark enough for 4.5:1 (readableLightColor).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        readableLightColor(shades),
      ]),
    ),
  },
  dark: {},
});
