/**
 * Writes web/src/api/routes.generated.ts: each endpoint's method and path, typed by its contract.
 *
 *   npm run generate:web-routes --workspace packages/contracts
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { webRoutesSource } from "../src/web-routes";

const target = fileURLToPath(new URL("../../../web/src/api/routes.generated.ts", import.meta.url));
writeFileSync(target, webRoutesSource());
console.log(`wrote ${target}`);
