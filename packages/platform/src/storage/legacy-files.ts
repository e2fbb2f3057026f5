import { mkdir, readdir, rename, rm } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { localFilesDir } from "./from-config";
import { storageKeys } from "./keys";

/**
 * Before the storage port, files lay straight under DATA_DIR by kind, then owner:
 * `recordings/<accountId>/<sid>.wav`, `support-attachments/<accountId>/<ticketId>/<file>`, ...
 * Where each of them goes now (the database's keys follow in migration 0025).
 */
const LEGACY_FOLDERS: Record<string, (owner: string, rest: string) => string> = {
  recordings: (accountId, file) => storageKeys.voicemail(accountId, file.replace(/\.wav$/, "")),
  "hold-music": storageKeys.holdMusic,
  "ivr-greetings": storageKeys.ivrGreeting,
  "support-attachments": (accountId, rest) => `accounts/${accountId}/support-attachments/${rest}`,
  avatars: storageKeys.avatar,
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Moves the files of the old layout under DATA_DIR into the local storage (`$DATA_DIR/files`),
 * once: a start finding none does nothing. Answers how many moved. Safe when two processes
 * start together (a file the other moved first is skipped).
 */
export async function moveLegacyFiles(dataDir: string): Promise<number> {
  let moved = 0;
  for (const [folder, keyOf] of Object.entries(LEGACY_FOLDERS)) {
    const root = join(dataDir, folder);
    const files = await filesUnder(root);
    for (const file of files) {
      if (file.endsWith(".partial")) continue;
      const [owner, ...rest] = relative(root, file).split(sep);
      if (!owner || rest.length === 0) continue;
      const target = join(localFilesDir(dataDir), ...keyOf(owner, rest.join("/")).split("/"));
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(file, target);
        moved += 1;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    }
    if (files.length > 0 && (await filesUnder(root)).every((f) => f.endsWith(".partial"))) {
      await rm(root, { recursive: true, force: true });
    }
  }
  return moved;
}
