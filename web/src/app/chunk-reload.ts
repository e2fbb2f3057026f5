/**
 * A deploy replaces the page chunks (their names carry a hash of their content): a console opened
 * before it still asks for the old names, which are gone, and the next navigation fails with
 * "Failed to fetch dynamically imported module". Reloading loads the new build; a flag in
 * sessionStorage (this tab only) allows that once, until a navigation succeeds again, so a chunk
 * that is missing for another reason shows the error page instead of reloading forever. The
 * router's error element (RouteError) decides: by then the address is the page the user opened,
 * which the reload keeps.
 */

/** sessionStorage key: the address reloaded after a chunk failed, until a chunk loads again. */
export const CHUNK_RELOAD_KEY = "poundline:chunk-reload";

/** The browsers' messages for a module script (or its CSS) that could not be fetched. */
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload of a chunk's style sheet
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** The part of Storage this needs (sessionStorage in the browser, a Map-backed stand-in in tests). */
export type FlagStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * What to do about a failed page load: "reload" for a chunk-load failure when this tab has not
 * already reloaded for one (the flag is set here, with the address), else "error" (the router's
 * error page).
 */
export function chunkFailureAction(error: unknown, storage: FlagStorage, url: string): "reload" | "error" {
  if (!isChunkLoadError(error)) return "error";
  if (storage.getItem(CHUNK_RELOAD_KEY) !== null) return "error";
  storage.setItem(CHUNK_RELOAD_KEY, url);
  return "reload";
}

/** A navigation loaded all its chunks: the build is current, a later deploy may reload once again. */
export function chunkLoaded(storage: FlagStorage) {
  storage.removeItem(CHUNK_RELOAD_KEY);
}

/** sessionStorage, or nothing when the browser refuses it (a privacy mode): then no reload. */
function tabStorage(): FlagStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** What clearAfterSuccessfulNavigation reads of the router's state. */
interface RouterLike {
  subscribe(
    listener: (state: { initialized: boolean; navigation: { state: string }; errors: unknown }) => void,
  ): unknown;
}

/**
 * Clears the flag once a navigation (the first load included) has finished without an error:
 * the build is current and a later deploy may reload once again. Per navigation, not per chunk:
 * after the reload the layout's chunk may load while the page's still fails.
 */
export function clearAfterSuccessfulNavigation(router: RouterLike) {
  router.subscribe((state) => {
    const storage = tabStorage();
    if (storage && state.initialized && state.navigation.state === "idle" && !state.errors)
      chunkLoaded(storage);
  });
}

/** One decision per error: React may render the error element more than once for it. */
const decisions = new WeakMap<object, "reload" | "error">();

/**
 * For the router's error element, where the address is already the one the user went to: true
 * when this error is a chunk-load failure to answer with one reload (which it starts).
 */
export function reloadForChunkError(error: unknown): boolean {
  const storage = tabStorage();
  if (!storage || typeof error !== "object" || error === null) return false;
  let action = decisions.get(error);
  if (!action) {
    action = chunkFailureAction(error, storage, window.location.href);
    decisions.set(error, action);
    if (action === "reload") window.location.reload();
  }
  return action === "reload";
}
