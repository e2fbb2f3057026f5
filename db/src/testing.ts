import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase } from "./client";

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database when
 * TEST_DATABASE_URL is set (dropped on close), an in-memory PGlite otherwise.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: "memory://" });
    await handle.migrate();
    return handle;
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 5 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
