import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layout's direction is checked by dependency-cruiser (.dependency-cruiser.cjs, run by
 * `npm run lint`). These tests show the check bites: each deliberate back-import below, in a
 * small tree laid out like the repository, is refused by the rule named beside it.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const config = join(root, ".dependency-cruiser.cjs");
const depcruise = join(root, "node_modules/.bin/depcruise");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function violationsIn(dir: string, paths: string[]): Violation[] {
  let output: string;
  try {
    output = execFileSync(depcruise, [...paths, "--config", config, "--output-type", "json"], {
      cwd: dir,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // depcruise exits non-zero when it finds violations; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}

const tree = mkdtempSync(join(tmpdir(), "boundaries-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
}

write(
  "tsconfig.json",
  JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler" } }),
);
for (const file of [
  "apps/api/src/app.ts",
  "apps/workers/src/main.ts",
  "packages/db/src/index.ts",
  "packages/db/src/schema/enums.ts",
  "packages/domain/src/phone.ts",
  "packages/contracts/src/crm/schemas.ts",
  "packages/modules/src/crm/contacts.ts",
  "packages/platform/src/mailer.ts",
  "packages/testing/src/stripe-stand-in.ts",
  "packages/carrier-sim/src/sim.ts",
]) {
  write(file, "export const here = 1;\n");
}

const backImports: [rule: string, file: string, imports: string][] = [
  ["nothing-imports-an-app", "packages/modules/src/crm/import-app.ts", "../../../../apps/api/src/app"],
  ["apps-do-not-import-each-other", "apps/api/src/import-workers.ts", "../../workers/src/main"],
  [
    "modules-use-only-lower-packages",
    "packages/modules/src/crm/import-sim.ts",
    "../../../carrier-sim/src/sim",
  ],
  [
    "contracts-are-vocabulary",
    "packages/contracts/src/crm/import-module.ts",
    "../../../modules/src/crm/contacts",
  ],
  ["domain-is-pure", "packages/domain/src/import-db.ts", "../../db/src/index"],
  ["lower-packages-stay-low", "packages/platform/src/import-module.ts", "../../modules/src/crm/contacts"],
  ["web-speaks-contracts", "web/src/import-db.ts", "../../packages/db/src/index"],
  [
    "testing-is-for-tests",
    "packages/modules/src/crm/import-stand-in.ts",
    "../../../testing/src/stripe-stand-in",
  ],
  [
    "no-relative-reach-into-another-package",
    "packages/modules/src/crm/import-path.ts",
    "../../../db/src/index",
  ],
];
for (const [, file, imports] of backImports) write(file, `export { here } from "${imports}";\n`);

describe("the layout's direction", () => {
  const found = violationsIn(tree, ["apps", "packages", "web"]);

  it.each(backImports)("refuses %s (%s)", (rule, file) => {
    expect(found.filter((v) => v.from === file).map((v) => v.rule.name)).toContain(rule);
  });

  it("lets the allowed directions through", () => {
    write(
      "packages/modules/src/crm/allowed.ts",
      'export { here } from "../../../contracts/src/crm/schemas";\n',
    );
    const allowed = violationsIn(tree, ["packages/modules/src/crm/allowed.ts"]);
    expect(allowed.map((v) => v.rule.name)).toEqual(["no-relative-reach-into-another-package"]);
  });

  it("holds for the repository as it stands", { timeout: 180_000 }, () => {
    expect(violationsIn(root, ["apps", "packages", "web/src", "infra"])).toEqual([]);
  });
});
