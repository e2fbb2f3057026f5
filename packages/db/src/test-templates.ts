import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { createPglite, migrationsFolder, openDatabase } from "./client";
import * as schema from "./schema/index";

/*
 * Migrating a database takes seconds; copying a migrated one takes a fraction of that. So the
 * test databases are copies of a template migrated once, named by a fingerprint of the
 * migrations: a changed migration makes a new template, never a stale copy.
 */

/** A short hash of what the migrator reads in `folder` (the journal, the SQL files), plus `extra`. */
export function migrationsFingerprint(folder = migrationsFolder, extra = ""): string {
  const hash = createHash("sha256").update(extra);
  hash.update(readFileSync(join(folder, "meta", "_journal.json")));
  const sqlFiles = readdirSync(folder).filter((name) => name.endsWith(".sql"));
  for (const file of sqlFiles.sort()) hash.update(file).update(readFileSync(join(folder, file)));
  return hash.digest("hex").slice(0, 16);
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory (a tarball) to start test databases from. Kept for the whole
 * process, and in a file in the temporary folder for the processes after it: each test file
 * runs in a process of its own, and the first one to need the template writes it.
 */
export function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= readOrBuildPgliteTemplate();
  return pgliteTemplate;
}

async function readOrBuildPgliteTemplate(): Promise<Blob> {
  // The data directory's format is the engine's: a new PGlite makes a new template.
  const file = join(
    tmpdir(),
    `poundline-pglite-template-${migrationsFingerprint(migrationsFolder, pgliteVersion())}.tar`,
  );
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const dump = await buildPgliteTemplate();
  // Written aside and renamed: a process reading the file never sees half of it.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

async function buildPgliteTemplate(): Promise<Blob> {
  const client = await createPglite("memory://");
  try {
    await migrate(drizzle({ client, schema }), { migrationsFolder });
    // Written to the data files now, so each copy starts without replaying the log.
    await client.query("checkpoint");
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const packageJson = join(dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
  return (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
}

// Any fixed number, other than the migration lock's (the build takes that one too).
const TEMPLATE_LOCK_KEY = 7_411_002;

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated template database on the server of `serverUrl`, made by the first test
 * process that needs it; it stays for the next runs with the same migrations.
 */
export function postgresTemplateName(serverUrl: string): Promise<string> {
  postgresTemplate ??= findOrBuildPostgresTemplate(serverUrl);
  return postgresTemplate;
}

async function findOrBuildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${migrationsFingerprint()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    if (await databaseExists(admin, name)) return name;
    // Test processes starting together: one builds it, the others wait here, then find it made.
    await admin`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`;
    try {
      if (!(await databaseExists(admin, name))) await buildPostgresTemplate(admin, serverUrl, name);
    } finally {
      await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`;
    }
    return name;
  } finally {
    await admin.end();
  }
}

async function databaseExists(admin: postgres.Sql, name: string): Promise<boolean> {
  const rows = await admin`select 1 from pg_database where datname = ${name}`;
  return rows.length > 0;
}

/** Migrated under another name and renamed when done: a build cut short leaves no template. */
async function buildPostgresTemplate(admin: postgres.Sql, serverUrl: string, name: string): Promise<void> {
  const building = `${name}_building`;
  await admin.unsafe(`drop database if exists "${building}" with (force)`);
  await admin.unsafe(`create database "${building}"`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, building), maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  await admin.unsafe(`alter database "${building}" rename to "${name}"`);
}

/** `serverUrl` pointing at the database `name` on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
