import { Text } from "@mantine/core";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import classes from "./ScrollHint.module.css";

/** The hint under a table wider than its box; screen readers read it as the region's description. */
export const SCROLL_HINT_TEXT = "Scroll sideways for more columns";

/** The element that scrolls: the wrapper itself, or a DataTable's scroll area inside it. */
function scrollerIn(root: HTMLElement): HTMLElement {
  const inner = root.querySelector<HTMLElement>(".mantine-ScrollArea-viewport");
  return inner && inner.scrollWidth > inner.clientWidth + 1 ? inner : root;
}

/**
 * A wide table on a narrow screen: it scrolls sideways inside this box (never the page), with a
 * shadow on the edge that hides columns and a visible "Scroll sideways for more columns" hint.
 * The box is a named, focusable region, so a keyboard can scroll it and a screen reader announces
 * the hint with it. `label` names the region (the table's subject).
 */
export function ScrollHint({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const hintId = useId();
  const [overflowing, setOverflowing] = useState(false);
  const [moreRight, setMoreRight] = useState(false);

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const update = () => {
      const scroller = scrollerIn(root);
      const overflow = scroller.scrollWidth > scroller.clientWidth + 1;
      setOverflowing(overflow);
      setMoreRight(overflow && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
    };
    update();
    const resized = new ResizeObserver(update);
    resized.observe(root);
    const table = root.querySelector("table");
    if (table) resized.observe(table);
    // Scroll events do not bubble: listen in the capture phase for the inner scroll area's.
    root.addEventListener("scroll", update, { capture: true, passive: true });
    return () => {
      resized.disconnect();
      root.removeEventListener("scroll", update, { capture: true });
    };
  }, []);

  return (
    <div className={classes.wrap} data-more={moreRight || undefined}>
      <section
        ref={box}
        className={classes.scroller}
        aria-label={label}
        aria-describedby={overflowing ? hintId : undefined}
        tabIndex={overflowing ? 0 : undefined}
      >
        {children}
      </section>
      {overflowing && (
        <Text id={hintId} size="xs" c="dimmed" mt={4}>
          {SCROLL_HINT_TEXT} →
        </Text>
      )}
    </div>
  );
}
