import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { checkStorageConfig, parseConfig, sharedConfigFields } from "../src/config";
import { createFileStorage } from "../src/storage/from-config";
import { storageKeys } from "../src/storage/keys";
import { moveLegacyFiles } from "../src/storage/legacy-files";
import { createLocalFileStorage } from "../src/storage/local";
import { type FileStorage, InvalidStorageKeyError, readStoredBytes } from "../src/storage/port";
import { storageBackends, type TestStorage } from "../src/storage/testing";

const bytes = (text: string) => new Uint8Array(Buffer.from(text));

async function readAll(storage: FileStorage, key: string, range?: { start: number; end: number }) {
  const file = await storage.get(key, range);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return { text: Buffer.concat(chunks).toString(), size: file.size, contentType: file.contentType };
}

/** The contract every backend keeps: the same calls, the same answers. */
describe.each(storageBackends)("the storage port on $driver", ({ driver, open }) => {
  let test: TestStorage;
  let storage: FileStorage;
  beforeAll(async () => {
    test = await open();
    storage = test.storage;
  });
  afterAll(() => test?.close());

  it("is the backend asked for", () => {
    expect(storage.driver).toBe(driver);
  });

  it("puts, heads, gets and deletes an object under an account's key", async () => {
    const key = storageKeys.voicemail("acct_contract1", "RE0001");
    expect(key).toBe("accounts/acct_contract1/voicemails/RE0001.wav");
    await storage.put(key, bytes("RIFF wave bytes"));
    expect(await storage.head(key)).toEqual({ size: 15, contentType: "audio/wav" });
    expect(await readAll(storage, key)).toEqual({
      text: "RIFF wave bytes",
      size: 15,
      contentType: "audio/wav",
    });
    expect(await readStoredBytes(storage, key)).toEqual(bytes("RIFF wave bytes"));
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
  });

  it("streams a byte range, and says the whole object's size", async () => {
    const key = storageKeys.holdMusic("acct_contract1", "range_test.mp3");
    await storage.put(key, bytes("0123456789"));
    expect(await readAll(storage, key, { start: 2, end: 5 })).toEqual({
      text: "2345",
      size: 10,
      contentType: "audio/mpeg",
    });
    expect((await readAll(storage, key, { start: 7, end: 9 }))?.text).toBe("789");
  });

  it("replaces an object put again under the same key", async () => {
    const key = storageKeys.avatar("user_contract1", `${"a".repeat(32)}.webp`);
    await storage.put(key, bytes("first version"));
    await storage.put(key, bytes("second"));
    expect(await readAll(storage, key)).toEqual({ text: "second", size: 6, contentType: "image/webp" });
  });

  it("answers null for what is not there, and deleting it twice is no error", async () => {
    const key = storageKeys.ivrGreeting("acct_contract1", "never_put.wav");
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    await storage.delete(key);
  });

  it("keeps one account's objects apart from another's", async () => {
    const mine = storageKeys.supportAttachment("acct_contract1", "tkt_1", "att_1", "pdf");
    const theirs = storageKeys.supportAttachment("acct_contract2", "tkt_1", "att_1", "pdf");
    await storage.put(mine, bytes("%PDF-mine"));
    expect(await storage.head(theirs)).toBeNull();
    await storage.put(theirs, bytes("%PDF-theirs"));
    await storage.delete(theirs);
    expect((await readAll(storage, mine))?.text).toBe("%PDF-mine");
  });

  it.each([
    "../escape.wav",
    "accounts/../../etc/passwd.wav",
    "/absolute/path.wav",
    "accounts//double.wav",
    "accounts/acct_1/no-extension",
    "accounts/acct_1/dots..wav",
    "accounts\\acct_1\\file.wav",
    "",
  ])("refuses the unsafe key %j before any I/O", async (key) => {
    await expect(storage.put(key, bytes("x"))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.head(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe("the local backend", () => {
  it("writes below its folder only, whole files (no partial file left)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "poundline-local-"));
    try {
      const storage = createLocalFileStorage(join(dir, "files"));
      await storage.put("accounts/acct_1/voicemails/RE1.wav", bytes("audio"));
      expect(existsSync(join(dir, "files", "accounts", "acct_1", "voicemails", "RE1.wav"))).toBe(true);
      expect(await readdir(join(dir, "files", "accounts", "acct_1", "voicemails"))).toEqual(["RE1.wav"]);
      await expect(storage.put("../outside.wav", bytes("x"))).rejects.toThrow();
      expect(existsSync(join(dir, "outside.wav"))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("choosing the backend from the configuration", () => {
  const schema = z.object(sharedConfigFields).superRefine(checkStorageConfig);

  it("keeps files under $DATA_DIR/files by default", () => {
    const config = parseConfig(schema, { DATA_DIR: "/srv/poundline" });
    expect(config.STORAGE_DRIVER).toBe("local");
    expect(createFileStorage(config).driver).toBe("local");
  });

  it("uses the S3 bucket when STORAGE_DRIVER=s3", () => {
    const config = parseConfig(schema, {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "poundline",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(createFileStorage(config).driver).toBe("s3");
  });

  it.each([
    [{ STORAGE_DRIVER: "s3" }, "S3_BUCKET: STORAGE_DRIVER=s3 needs S3_BUCKET"],
    [{ STORAGE_DRIVER: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY: "],
    [{ STORAGE_DRIVER: "disk" }, "STORAGE_DRIVER: "],
    [{ S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT: "],
  ])("refuses %j at boot", (env, problem) => {
    expect(() => parseConfig(schema, env)).toThrow(problem);
  });
});

describe("moveLegacyFiles", () => {
  it("moves the files of the old layout under their account, once", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "poundline-legacy-"));
    try {
      const old = (path: string, text: string) =>
        mkdir(dirname(join(dataDir, path)), { recursive: true }).then(() =>
          writeFile(join(dataDir, path), text),
        );
      await old("recordings/acct_1/RE1.wav", "voicemail");
      await old("hold-music/acct_1/num_1_abc.mp3", "music");
      await old("ivr-greetings/acct_2/ivr_m1_0123.wav", "greeting");
      await old("support-attachments/acct_1/tkt_1/att_1.pdf", "%PDF-");
      await old("avatars/user_1/abc.webp", "avatar");
      await old("pglite/PG_VERSION", "18");

      expect(await moveLegacyFiles(dataDir)).toBe(5);
      const storage = createFileStorage(parseConfig(z.object(sharedConfigFields), { DATA_DIR: dataDir }));
      const text = async (key: string) => Buffer.from((await readStoredBytes(storage, key)) ?? []).toString();
      expect(await text(storageKeys.voicemail("acct_1", "RE1"))).toBe("voicemail");
      expect(await text(storageKeys.holdMusic("acct_1", "num_1_abc.mp3"))).toBe("music");
      expect(await text(storageKeys.ivrGreeting("acct_2", "ivr_m1_0123.wav"))).toBe("greeting");
      expect(await text(storageKeys.supportAttachment("acct_1", "tkt_1", "att_1", "pdf"))).toBe("%PDF-");
      expect(await text(storageKeys.avatar("user_1", "abc.webp"))).toBe("avatar");
      // The old folders are gone; the database's folder is not the storage's business.
      expect((await readdir(dataDir)).sort()).toEqual(["files", "pglite"]);
      expect(await moveLegacyFiles(dataDir)).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
