import { openDatabase } from "../client";
import { type DemoSeedResult, seedDemo, seedDemoIfEmpty } from "./index";

/**
 * `npm run seed [-- --force]`: migrates, then seeds the demo into an empty database. With --force
 * it seeds a database that already has data too, unless the demo login exists (seeding stays idempotent).
 */
async function main() {
  const force = process.argv.includes("--force");
  const handle = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: `${process.env.DATA_DIR ?? "./data"}/pglite`,
  });
  try {
    await handle.migrate();
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const result: Pick<DemoSeedResult, "logins"> | null = force
      ? await seedDemo(handle.db, { now })
      : await seedDemoIfEmpty(handle.db, { now });
    if (!result) {
      console.log(
        force
          ? "The demo data is already there: nothing to do."
          : "The database is not empty: nothing seeded (use --force to add the demo anyway).",
      );
      return;
    }
    console.log(`Demo data created (${handle.driver}). Sign in with:`);
    for (const login of result.logins) console.log(`  ${login.label}: ${login.email} / ${login.password}`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
