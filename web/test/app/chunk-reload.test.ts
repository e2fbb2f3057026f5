import { describe, expect, it } from "vitest";
import {
  CHUNK_RELOAD_KEY,
  chunkFailureAction,
  chunkLoaded,
  type FlagStorage,
  isChunkLoadError,
} from "../../src/app/chunk-reload";

/** sessionStorage's behaviour over a Map. */
function memoryStorage(): FlagStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const URL_OPENED = "https://app.example.com/dashboard/contacts?page=2";

describe("isChunkLoadError", () => {
  it.each([
    [
      "Chromium",
      new TypeError("Failed to fetch dynamically imported module: https://x/assets/Contacts-abc.js"),
      true,
    ],
    ["Firefox", new TypeError("error loading dynamically imported module: https://x/assets/a.js"), true],
    ["Safari", new TypeError("Importing a module script failed."), true],
    ["Vite's CSS preload", new Error("Unable to preload CSS for /assets/Contacts-abc.css"), true],
    ["a page's own bug", new TypeError("Cannot read properties of undefined (reading 'map')"), false],
    ["a thrown string", "Failed to fetch dynamically imported module", false],
    ["nothing", undefined, false],
  ])("%s", (_label, error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe("chunkFailureAction", () => {
  const chunkError = new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js");

  it("reloads on the first chunk failure and remembers the address", () => {
    const storage = memoryStorage();
    expect(chunkFailureAction(chunkError, storage, URL_OPENED)).toBe("reload");
    expect(storage.values.get(CHUNK_RELOAD_KEY)).toBe(URL_OPENED);
  });

  it("shows the error page on a second failure before any chunk loaded: no reload loop", () => {
    const storage = memoryStorage();
    chunkFailureAction(chunkError, storage, URL_OPENED);
    expect(chunkFailureAction(chunkError, storage, URL_OPENED)).toBe("error");
    expect(chunkFailureAction(chunkError, storage, "https://app.example.com/dashboard")).toBe("error");
  });

  it("reloads again for a later deploy once a chunk has loaded since", () => {
    const storage = memoryStorage();
    chunkFailureAction(chunkError, storage, URL_OPENED);
    chunkLoaded(storage);
    expect(storage.values.has(CHUNK_RELOAD_KEY)).toBe(false);
    expect(chunkFailureAction(chunkError, storage, URL_OPENED)).toBe("reload");
  });

  it("never reloads for an error that is not a chunk failure, and leaves the flag alone", () => {
    const storage = memoryStorage();
    expect(chunkFailureAction(new Error("boom"), storage, URL_OPENED)).toBe("error");
    expect(storage.values.size).toBe(0);
  });
});
