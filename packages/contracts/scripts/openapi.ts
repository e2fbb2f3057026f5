/**
 * Writes the API's OpenAPI document (the one GET /api/openapi.json serves) and validates it:
 * exits 1, saying why, when it is not valid OpenAPI 3.1.
 *
 *   npm run openapi --workspace packages/contracts              # validates, prints a summary
 *   npm run openapi --workspace packages/contracts -- out.json  # and writes it to out.json
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { buildOpenApiDocument } from "../src/reference/openapi";
import { openApiProblems } from "./openapi-validation";

const document = buildOpenApiDocument();
const problems = await openApiProblems(document);
const target = process.argv[2];
if (target) {
  // npm runs a workspace's script in the workspace's folder: a relative name is the caller's.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), target);
  writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${path}`);
}
const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod)).length;
if (problems.length > 0) {
  console.error(`The OpenAPI document is not valid:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`OpenAPI ${document.openapi}: ${operations} operations, ${document.tags.length} tags, valid`);
