import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Migrates the bench's database and writes its account and number with the database package of
 * the tree given in BENCH_TREE (this tree or a baseline's), whose schema may differ from this
 * tree's. Run by workers-bench.ts as a child process: `BENCH_TREE=… BENCH_SETUP=<json> tsx this`.
 */
const root = process.env.BENCH_TREE ?? "";
const setup = JSON.parse(process.env.BENCH_SETUP ?? "{}") as {
  url: string;
  number: string;
  walletCents: number;
};
const dbRoot = ["packages/db", "db"].map((dir) => join(root, dir)).find((dir) => existsSync(dir));
if (!dbRoot) throw new Error(`no database package in ${root}`);
const load = (file: string) => import(pathToFileURL(join(dbRoot, "src", file)).href);
const { openDatabase } = await load("index.ts");
const { insertRoutingConfig } = await load("fixtures/routing-config.ts");

const handle = await openDatabase({ url: setup.url });
try {
  await handle.migrate();
  await insertRoutingConfig(handle.db, {
    accounts: [{ key: "acme", companyName: "Acme", status: "active", walletCents: setup.walletCents }],
    numbers: [{ key: "main", account: "acme", e164: setup.number }],
  });
} finally {
  await handle.close();
}
