import { useEffect, useState } from "react";

/**
 * For a dialog that is mounted open and unmounted to close (`{open && <Dialog />}`): Mantine's
 * returnFocus only acts when `opened` turns false, so the keyboard focus would fall to <body>.
 * Remembers the element focused when the dialog first rendered (its opener) and focuses it again
 * once the dialog is gone, if it is still on the page.
 */
export function useReturnFocus() {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    if (!opener) return;
    return () => {
      // After the dialog's own focus handling has finished.
      window.setTimeout(() => {
        if (opener.isConnected && !document.querySelector("[role=dialog]"))
          opener.focus({ preventScroll: true });
      }, 20);
    };
  }, [opener]);
}
