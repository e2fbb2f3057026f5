import { useEffect, useState } from "react";

/** How long to look for the opener's replacement after the dialog has gone (a route change redraws the page). */
const FIND_ATTEMPTS = 20;
const FIND_INTERVAL_MS = 25;

/** The opener, or the control drawn in its place: same tag and same text (a page drawn anew by a route change). */
function openerNow(opener: HTMLElement, tag: string, text: string): HTMLElement | null {
  if (opener.isConnected) return opener;
  if (!text) return null;
  for (const candidate of document.querySelectorAll<HTMLElement>(tag)) {
    if (candidate.textContent?.trim() === text) return candidate;
  }
  return null;
}

/**
 * For a dialog that is mounted open and unmounted to close (`{open && <Dialog />}`): Mantine's
 * returnFocus only acts when `opened` turns false, so the keyboard focus would fall to <body>.
 * Remembers the element focused when the dialog first rendered (its opener) and focuses it again
 * once the dialog is gone; when closing redrew the page (an address like /new), the control with
 * the opener's tag and text.
 */
export function useReturnFocus() {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    if (!opener || opener === document.body) return;
    const tag = opener.tagName.toLowerCase();
    const text = opener.textContent?.trim() ?? "";
    return () => {
      let attempts = 0;
      const tryFocus = () => {
        // Another dialog took over (one dialog leading to the next): it handles the focus.
        if (document.querySelector("[role=dialog]")) return;
        const target = openerNow(opener, tag, text);
        if (target) target.focus({ preventScroll: true });
        else if (++attempts < FIND_ATTEMPTS) window.setTimeout(tryFocus, FIND_INTERVAL_MS);
      };
      window.setTimeout(tryFocus, FIND_INTERVAL_MS);
    };
  }, [opener]);
}
