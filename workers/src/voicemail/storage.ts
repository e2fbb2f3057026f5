import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

/**
 * Where our copies of recordings live. Keys are relative paths (`recordings/{accountId}/{sid}.wav`),
 * the same for every backend, and are what voicemails.storage_path holds.
 */
export interface RecordingStorage {
  /** Stores the bytes under `key`, whole or not at all; an existing object is replaced. */
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  /** Removes the object; one already gone is no error. */
  remove(key: string): Promise<void>;
}

/** The key of a voicemail's recording. */
export function recordingKey(accountId: string, recordingSid: string): string {
  return `recordings/${accountId}/${recordingSid}.wav`;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

/** Recordings as files under `root` (DATA_DIR by default): `${root}/recordings/{accountId}/{sid}.wav`. */
export function createLocalRecordingStorage(root: string): RecordingStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid recording key: ${key}`);
    const path = join(base, ...key.split("/"));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid recording key: ${key}`);
    return path;
  };
  return {
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
    async get(key) {
      return new Uint8Array(await readFile(pathOf(key)));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
