import { Text } from "@mantine/core";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import classes from "./ScrollHint.module.css";

/** The hint under a table wider than its box; screen readers read it as the region's description. */
export const SCROLL_HINT_TEXT = "Scroll sideways for more columns";

/** How the scrolling box is named: the table's own label, or the id of the heading naming it. */
export interface ScrollName {
  label?: string;
  labelledBy?: string;
}

const overflowsX = (element: HTMLElement) => element.scrollWidth > element.clientWidth + 1;
const overflowsY = (element: HTMLElement) => element.scrollHeight > element.clientHeight + 1;

/** The element that scrolls: a DataTable's scroll area inside the box, or the box itself. */
function scrollerIn(box: HTMLElement): HTMLElement {
  const inner = box.querySelector<HTMLElement>(".mantine-ScrollArea-viewport");
  return inner && (overflowsX(inner) || overflowsY(inner)) ? inner : box;
}

const REGION_ATTRIBUTES = ["tabindex", "role", "aria-label", "aria-labelledby", "aria-describedby"];

/**
 * The element that scrolls becomes a named region reachable by keyboard (axe's
 * scrollable-region-focusable, serious), described by the hint when it hides columns sideways.
 * Set on the DOM: a DataTable's scroll area is not ours to render.
 */
function markScroller(element: HTMLElement, name: ScrollName, hintId: string | null) {
  element.tabIndex = 0;
  element.setAttribute("role", "region");
  if (name.label) element.setAttribute("aria-label", name.label);
  if (name.labelledBy) element.setAttribute("aria-labelledby", name.labelledBy);
  if (hintId) element.setAttribute("aria-describedby", hintId);
  else element.removeAttribute("aria-describedby");
}

function unmarkScroller(element: HTMLElement) {
  for (const attribute of REGION_ATTRIBUTES) element.removeAttribute(attribute);
}

/**
 * A wide table on a narrow screen: it scrolls sideways inside this box (never the page), with a
 * shadow on the edge that hides columns and a visible "Scroll sideways for more columns" hint.
 * The scrolling element is a named, focusable region, so a keyboard can scroll it and a screen
 * reader announces the hint with it.
 */
export function ScrollHint({ children, ...name }: ScrollName & { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflowing, setOverflowing] = useState(false);
  const [moreRight, setMoreRight] = useState(false);
  const { label, labelledBy } = name;

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    let marked: HTMLElement | null = null;
    const update = () => {
      const scroller = scrollerIn(root);
      const sideways = overflowsX(scroller);
      if (marked && marked !== scroller) unmarkScroller(marked);
      if (sideways || overflowsY(scroller)) {
        markScroller(scroller, { label, labelledBy }, sideways ? hintId : null);
        marked = scroller;
      } else if (marked) {
        unmarkScroller(marked);
        marked = null;
      }
      setOverflowing(sideways);
      setMoreRight(sideways && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
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
  }, [label, labelledBy, hintId]);

  return (
    <div className={classes.wrap} data-more={moreRight || undefined}>
      <div ref={box} className={classes.scroller}>
        {children}
      </div>
      {overflowing && (
        <Text id={hintId} size="xs" c="dimmed" mt={4}>
          {SCROLL_HINT_TEXT} →
        </Text>
      )}
    </div>
  );
}
