import type { Readable } from "node:stream";

/**
 * The storage port: every file the product keeps (voicemail recordings, IVR greetings, hold
 * music, avatars, support attachments) goes through it, in the API and the workers alike. Two
 * backends: local disk (`local.ts`, the embedded default) and S3-compatible object storage
 * (`s3.ts`: MinIO, R2, S3), chosen by STORAGE_DRIVER (`from-config.ts`).
 *
 * A key is a relative path of safe segments ending in a file extension
 * (`accounts/acct_1/voicemails/RE1.wav`, see `keys.ts`); the extension decides the content type,
 * so both backends answer the same type for the same key.
 */
export interface FileStorage {
  readonly driver: "local" | "s3";
  /** Stores the bytes under `key`, whole or not at all; an existing object is replaced. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The object as a stream (all of it, or the inclusive byte range asked); null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** The object's size and type without its bytes; null when there is none. */
  head(key: string): Promise<StoredFileInfo | null>;
  /** Removes the object; one already gone is no error. */
  delete(key: string): Promise<void>;
}

export interface StoredFileInfo {
  /** The whole object's size in bytes. */
  size: number;
  contentType: string;
}

/** Inclusive byte offsets, as HTTP's Range header has them; `end` within the object. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile extends StoredFileInfo {
  body: Readable;
}

/** The types of the files we keep, by extension (anything else is application/octet-stream). */
const CONTENT_TYPES: Record<string, string> = {
  wav: "audio/wav",
  mp3: "audio/mpeg",
  aiff: "audio/aiff",
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  pdf: "application/pdf",
};

/** The content type of a key, from its extension. */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

/** Segments of letters, digits, `_` and `-`, the last with one extension: no `..`, no `/` at either end. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 200)}`);
    this.name = "InvalidStorageKeyError";
  }
}

/** Refuses a key that is not a safe relative path (both backends refuse the same keys). */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !SAFE_KEY.test(key)) throw new InvalidStorageKeyError(key);
}

/** The whole object as bytes (the transcriber reads a recording whole); null when there is none. */
export async function readStoredBytes(storage: FileStorage, key: string): Promise<Uint8Array | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}
