import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { assertStorageKey, contentTypeOfKey, type FileStorage } from "./port";

const isMissing = (err: unknown) =>
  (err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "ENOTDIR";

/**
 * Files on local disk under `root` (`$DATA_DIR/files` by default): a key is a path below it. Only
 * safe keys are taken (see assertStorageKey), and the resolved path must stay below the root.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = join(base, ...key.split("/"));
    if (!path.startsWith(base + sep)) throw new Error(`Storage key leaves the storage folder: ${key}`);
    return path;
  };
  return {
    driver: "local",

    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed into place: a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
      try {
        await writeFile(partial, data);
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },

    async get(key, range) {
      const path = pathOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, "r");
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        const body = handle.createReadStream(
          range ? { start: range.start, end: Math.min(range.end, size - 1) } : {},
        );
        return { body, size, contentType: contentTypeOfKey(key) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async head(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, contentType: contentTypeOfKey(key) } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
