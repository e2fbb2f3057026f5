import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { JsonSchema, OpenApiDocument } from "../src/reference/openapi-document";

/**
 * What is wrong with an OpenAPI 3.1 document, or nothing: its structure checked against the
 * specification's own JSON Schema (@seriousme/openapi-schema-validator, which also resolves every
 * `$ref`), each Schema Object against the JSON Schema 2020-12 meta-schema (that validator leaves
 * schemas unchecked), and the rules no schema can state: unique operation ids, and each `{name}`
 * of a path declared once as a path parameter.
 */
export async function openApiProblems(document: OpenApiDocument): Promise<string[]> {
  const structure = await new Validator().validate(structuredClone(document) as never);
  if (!structure.valid) return [`OpenAPI 3.1 schema: ${JSON.stringify(structure.errors, null, 2)}`];
  return [...schemaProblems(document), ...operationProblems(document)];
}

const metaSchema = new Ajv2020({ strict: false, validateFormats: false });

function schemaProblems(document: OpenApiDocument): string[] {
  return schemasOf(document).flatMap(({ where, schema }) =>
    metaSchema.validateSchema(schema) ? [] : [`${where}: ${metaSchema.errorsText(metaSchema.errors)}`],
  );
}

/** Every Schema Object of the document, named by where it is. */
export function schemasOf(document: OpenApiDocument): { where: string; schema: JsonSchema }[] {
  const found: { where: string; schema: JsonSchema }[] = [];
  const media = (where: string, content: Record<string, { schema?: JsonSchema }> | undefined) => {
    for (const [type, { schema }] of Object.entries(content ?? {}))
      if (schema) found.push({ where: `${where} ${type}`, schema });
  };
  for (const [name, schema] of Object.entries(document.components.schemas))
    found.push({ where: `components.schemas.${name}`, schema });
  for (const [name, response] of Object.entries(document.components.responses))
    media(`components.responses.${name}`, response.content);
  for (const { operation } of operationsOf(document)) {
    const id = operation.operationId;
    for (const parameter of operation.parameters ?? [])
      found.push({ where: `${id} ${parameter.in} ${parameter.name}`, schema: parameter.schema });
    media(`${id} body`, operation.requestBody?.content);
    for (const [status, response] of Object.entries(operation.responses))
      if (!("$ref" in response)) media(`${id} ${status}`, response.content);
  }
  return found;
}

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.values(operations).map((operation) => ({ path, operation })),
  );
}

function operationProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { path, operation } of operationsOf(document)) {
    if (seen.has(operation.operationId)) problems.push(`operationId ${operation.operationId} is used twice`);
    seen.add(operation.operationId);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const declared = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
    if (JSON.stringify([...templated].sort()) !== JSON.stringify([...declared].sort()))
      problems.push(`${operation.operationId}: path ${path} declares the path parameters [${declared}]`);
    const keys = (operation.parameters ?? []).map((p) => `${p.in} ${p.name}`);
    if (new Set(keys).size !== keys.length)
      problems.push(`${operation.operationId}: a parameter is listed twice`);
  }
  return problems;
}
