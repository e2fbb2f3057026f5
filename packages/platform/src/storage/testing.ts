import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
} from "@aws-sdk/client-s3";
import { createLocalFileStorage } from "./local";
import type { FileStorage } from "./port";
import { createS3FileStorage, type S3StorageOptions, s3Client } from "./s3";

/** A storage for one test file, and how to throw it away. */
export interface TestStorage {
  storage: FileStorage;
  /** Where it is: a folder, or `s3rver`/TEST_S3_URL and the bucket. */
  where: string;
  close(): Promise<void>;
}

/** Local files in a new temporary folder. */
export async function localTestStorage(): Promise<TestStorage> {
  const dir = await mkdtemp(join(tmpdir(), "poundline-files-"));
  return {
    storage: createLocalFileStorage(dir),
    where: dir,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * A new bucket on an S3 API: the one TEST_S3_URL names (`http://key:secret@host:port`, e.g. a
 * MinIO), or else s3rver started in this process, a fake S3 server in Node that answers the
 * same REST API over HTTP (so the SDK, its signing and its errors are exercised for real).
 */
export async function s3TestStorage(env: NodeJS.ProcessEnv = process.env): Promise<TestStorage> {
  const bucket = `test-${crypto.randomUUID().slice(0, 18)}`;
  if (env.TEST_S3_URL) return externalBucket(env.TEST_S3_URL, bucket);
  const { default: S3rver } = await import("s3rver");
  const dir = await mkdtemp(join(tmpdir(), "poundline-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    // s3rver's fixed key pair: it checks the requests' signatures with it.
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
  const client = s3Client(options);
  return {
    storage: createS3FileStorage(options, client),
    where: `s3rver ${options.endpoint}/${bucket}`,
    async close() {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function externalBucket(url: string, bucket: string): Promise<TestStorage> {
  const parsed = new URL(url);
  const options: S3StorageOptions = {
    bucket,
    region: "us-east-1",
    endpoint: parsed.origin,
    forcePathStyle: true,
    credentials: {
      accessKeyId: decodeURIComponent(parsed.username),
      secretAccessKey: decodeURIComponent(parsed.password),
    },
  };
  const client = s3Client(options);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    storage: createS3FileStorage(options, client),
    where: `${parsed.origin}/${bucket}`,
    async close() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0)
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

/** Both backends, for `describe.each`: each test file's suite runs once on local disk, once on S3. */
export const storageBackends = [
  { driver: "local", open: localTestStorage },
  { driver: "s3", open: () => s3TestStorage() },
] as const;
