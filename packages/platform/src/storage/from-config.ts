import { join } from "node:path";
import { createLocalFileStorage } from "./local";
import type { FileStorage } from "./port";
import { createS3FileStorage } from "./s3";

/** The storage settings of either process's config (packages/platform/src/config.ts). */
export interface StorageConfig {
  DATA_DIR: string;
  STORAGE_DRIVER: "local" | "s3";
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: "true" | "false" | undefined;
}

/** The folder the local driver keeps files in. */
export const localFilesDir = (dataDir: string) => join(dataDir, "files");

/** The configured storage: local disk under `$DATA_DIR/files`, or the S3 bucket. */
export function createFileStorage(config: StorageConfig): FileStorage {
  if (config.STORAGE_DRIVER === "local") return createLocalFileStorage(localFilesDir(config.DATA_DIR));
  if (!config.S3_BUCKET) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
  return createS3FileStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE
      ? config.S3_FORCE_PATH_STYLE === "true"
      : config.S3_ENDPOINT !== undefined,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
