import classes from "./SkipLink.module.css";

/** The page's main region: every layout gives its <main> this id, the skip link's target. */
export const MAIN_ID = "main";

/**
 * "Skip to content", the first stop of the Tab key on every layout: visible once focused, it moves
 * focus to the page's <main> (focusable by script, tabIndex -1) past the header and navigation.
 * Focus is moved by script, not by the #main hash, so the address and the router stay as they are.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.skip}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      Skip to content
    </a>
  );
}
