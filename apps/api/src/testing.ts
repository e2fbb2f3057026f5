import type { DatabaseHandle } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { type Config, testConfig } from "@poundline/platform/api-config";
import { localTestStorage } from "@poundline/platform/storage/testing";
import { Redis } from "ioredis";
import { type App, type BuildOptions, buildApp } from "./app";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestApp {
  app: App;
  db: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * An app on a fresh database of its own (PGlite in memory, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set), with Redis when TEST_REDIS_URL is set, and local file storage in a
 * temporary folder unless `storage` is given.
 */
export async function createTestApp(
  overrides: Partial<Omit<BuildOptions, "config" | "db">> & {
    config?: Partial<Record<keyof Config, string>>;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = testConfig({ PUBLIC_BASE_URL: TEST_ORIGIN, ...overrides.config });
  const redisUrl = process.env.TEST_REDIS_URL;
  const redis =
    overrides.redis !== undefined
      ? overrides.redis
      : redisUrl
        ? new Redis(redisUrl, { keyPrefix: `test:${crypto.randomUUID()}:` })
        : null;
  // Files in a temporary folder of the test's own, unless the test brings its storage.
  const files = overrides.storage ? null : await localTestStorage();
  const { config: _c, ...rest } = overrides;
  const app = await buildApp({ ...rest, config, db, redis, storage: overrides.storage ?? files?.storage });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      if (overrides.redis === undefined) await redis?.quit();
      await db.close();
      await files?.close();
    },
  };
}
