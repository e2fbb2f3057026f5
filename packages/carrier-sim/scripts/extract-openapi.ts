/**
 * Extracts the operations the sim serves from the carrier's OpenAPI descriptions into
 * src/data/twilio_<description>.subset.json, one file a description, so the sim validates
 * requests even where the full descriptions (shared/reference, beside the repository) are
 * absent, as in the Docker image.
 *
 *   npm run build:openapi-subset --workspace packages/carrier-sim
 */
import { readFileSync, writeFileSync } from "node:fs";
import {
  bundledSubsetPath,
  type CarrierDescription,
  descriptionOf,
  fullSpecPath,
  SIM_OPERATIONS,
} from "../src/openapi";

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

/** The subset of one description: the sim's operations in it and the schemas they reach. */
function subsetOf(description: CarrierDescription): { target: string; paths: number; schemas: number } {
  const source = fullSpecPath(description);
  const spec = JSON.parse(readFileSync(source, "utf8")) as {
    openapi: string;
    info: Json;
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Record<string, Json>; securitySchemes: Json };
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of SIM_OPERATIONS.filter((op) => descriptionOf(op) === description)) {
    const { path, method } = operation;
    const described = spec.paths[path]?.[method];
    if (!described) throw new Error(`${method.toUpperCase()} ${path} is not in ${source}`);
    paths[path] = { ...paths[path], [method]: strip(described) };
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
    "x-carrier-sim": `Subset of twilio_${description}.json (MIT, Copyright (C) 2023 Twilio, Inc.; see LICENSE.twilio-oai)`,
    paths,
    components: { securitySchemes: spec.components.securitySchemes, schemas },
  };
  const target = bundledSubsetPath(description);
  writeFileSync(target, `${JSON.stringify(subset, null, 2)}\n`);
  return { target, paths: Object.keys(paths).length, schemas: Object.keys(schemas).length };
}

for (const description of new Set(SIM_OPERATIONS.map(descriptionOf))) {
  const { target, paths, schemas } = subsetOf(description);
  console.log(`wrote ${target}: ${paths} paths, ${schemas} schemas`);
}
