/**
 * Extracts the operations the sim serves from the carrier's OpenAPI description into
 * src/data/twilio_api_v2010.subset.json, so the sim validates requests even where the full
 * description (shared/reference, beside the repository) is absent, as in the Docker image.
 *
 *   npm run build:openapi-subset --workspace packages/carrier-sim
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defaultSpecPath, SIM_OPERATIONS } from "../src/openapi";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const DROPPED = new Set(["description", "summary", "examples", "example", "x-twilio", "tags", "headers"]);

function strip(value: Json): Json {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !DROPPED.has(key))
      .map(([key, child]) => [key, strip(child)]),
  );
}

function refsIn(value: Json, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") found.add(child);
      else refsIn(child, found);
    }
  }
}

const source = process.argv[2] ?? defaultSpecPath;
const spec = JSON.parse(readFileSync(source, "utf8")) as {
  openapi: string;
  info: Json;
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Json };
};

const paths: Record<string, Record<string, Json>> = {};
for (const { path, method } of SIM_OPERATIONS) {
  const operation = spec.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in ${source}`);
  paths[path] = { ...paths[path], [method]: strip(operation) };
}

// The schemas the operations reach, transitively.
const schemas: Record<string, Json> = {};
const pending = new Set<string>();
refsIn(paths as Json, pending);
while (pending.size > 0) {
  const [ref] = pending;
  pending.delete(ref as string);
  const name = (ref as string).replace("#/components/schemas/", "");
  if (schemas[name] || !spec.components.schemas[name]) continue;
  schemas[name] = strip(spec.components.schemas[name]);
  refsIn(schemas[name], pending);
}

const subset = {
  openapi: spec.openapi,
  info: spec.info,
  "x-carrier-sim":
    "Subset of twilio_api_v2010.json (MIT, Copyright (C) 2023 Twilio, Inc.; see LICENSE.twilio-oai)",
  paths,
  components: { securitySchemes: spec.components.securitySchemes, schemas },
};
const target = fileURLToPath(new URL("../src/data/twilio_api_v2010.subset.json", import.meta.url));
writeFileSync(target, `${JSON.stringify(subset, null, 2)}\n`);
console.log(`wrote ${target}: ${Object.keys(paths).length} paths, ${Object.keys(schemas).length} schemas`);
