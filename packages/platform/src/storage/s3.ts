import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { assertStorageKey, contentTypeOfKey, type FileStorage } from "./port";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3 API than AWS's (MinIO, R2, a test server), e.g. `http://minio:9000`. */
  endpoint?: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Without them the SDK's own chain decides (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** The SDK's "no such object" errors (GET says NoSuchKey, HEAD has no body and says NotFound). */
const isMissingObject = (err: unknown) => {
  const name = (err as { name?: string }).name;
  return name === "NoSuchKey" || name === "NotFound";
};

/** `bytes 0-99/1000` → 1000. */
const totalOfContentRange = (header: string | undefined) => Number(header?.split("/")[1]);

/** Files as objects of one bucket on any S3 API, the key as the object's key. */
export function createS3FileStorage(options: S3StorageOptions, client = s3Client(options)): FileStorage {
  const Bucket = options.bucket;
  return {
    driver: "s3",

    async put(key, data) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentLength: data.byteLength,
          ContentType: contentTypeOfKey(key),
        }),
      );
    },

    async get(key, range) {
      assertStorageKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const size = answer.ContentRange
          ? totalOfContentRange(answer.ContentRange)
          : Number(answer.ContentLength ?? 0);
        return { body: answer.Body as Readable, size, contentType: contentTypeOfKey(key) };
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },

    async head(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: Number(answer.ContentLength ?? 0), contentType: contentTypeOfKey(key) };
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 for a key that is not there: deleting twice is no error.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

export function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where the operation requires them: the SDK's default CRC32 trailers
    // (aws-chunked uploads) are not spoken by every S3-compatible server.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}
