import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openApiProblems, schemasOf } from "../scripts/openapi-validation";
import { dateInput, pageQuery, timestampSchema } from "../src/common";
import { endpoint, errors } from "../src/endpoint";
import { buildOpenApiDocument, contextTitle, openApiPath } from "../src/reference/openapi";
import type { JsonSchema, OpenApiDocument, Operation, Response } from "../src/reference/openapi-document";
import { type ListedEndpoint, listEndpoints } from "../src/registry";

const operation = (
  document: OpenApiDocument,
  path: string,
  method: keyof OpenApiDocument["paths"][string],
) => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found;
};

const jsonSchemaOf = (response: Response | { $ref: string } | undefined): JsonSchema | undefined =>
  response && "content" in response ? response.content?.["application/json"]?.schema : undefined;

describe("the OpenAPI document of the contracts", () => {
  const document = buildOpenApiDocument();

  it("is valid OpenAPI 3.1 (npm run openapi --workspace packages/contracts)", async () => {
    expect(await openApiProblems(document)).toEqual([]);
  });

  it("has one operation per endpoint of the registry, named <context>.<name> and tagged by context", () => {
    const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
    const listed = listEndpoints();
    expect(operations.map((op) => op.operationId).sort()).toEqual(
      listed.map(({ context, name }) => `${context}.${name}`).sort(),
    );
    for (const { context, name, endpoint: e } of listed) {
      const op = operation(document, openApiPath(e.path), e.method.toLowerCase() as "get");
      expect(op.operationId).toBe(`${context}.${name}`);
      expect(op.tags).toEqual([context]);
      expect(op.summary).toBe(e.summary);
      expect(Object.keys(op.responses).sort()).toEqual(Object.keys(e.responses).sort());
    }
    expect(document.tags.map((tag) => tag.name)).toEqual([...new Set(listed.map((l) => l.context))]);
  });

  it("describes the extensions: parameters, bodies, answers, errors, the session and the permission", () => {
    const list = operation(document, "/api/extensions", "get");
    expect(list.security).toEqual([{ session: [] }]);
    expect(list["x-permission"]).toBeUndefined();
    expect(list.parameters).toEqual([
      { name: "search", in: "query", required: false, schema: { type: "string", maxLength: 100 } },
    ]);
    const item = jsonSchemaOf(list.responses["200"])?.properties?.items?.items;
    // A timestamp is a Date in the handler and an ISO 8601 string on the wire.
    expect(item?.properties?.createdAt).toEqual({ type: "string", format: "date-time" });
    expect(item?.required).toContain("usedBy");

    const create = operation(document, "/api/extensions", "post");
    expect(create["x-permission"]).toBe("extensions.edit");
    expect(create.description).toContain("`extensions.edit`");
    const body = create.requestBody?.content["application/json"]?.schema;
    expect(create.requestBody?.required).toBe(true);
    // What the caller may leave out (defaults) is optional on the input side.
    expect(body?.required).toEqual(["extensionNumber", "name"]);
    expect(body?.properties?.extensionNumber).toEqual({ type: "integer", minimum: 1, maximum: 99_999 });
    expect(create.responses["409"]).toEqual({ $ref: "#/components/responses/Conflict" });

    const remove = operation(document, "/api/extensions/{id}", "delete");
    expect(remove.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^ext_[a-z0-9]{1,64}$" } },
    ]);
    expect(remove.responses["204"]).toEqual({ description: "No content" });
    expect(remove.responses["404"]).toEqual({ $ref: "#/components/responses/NotFound" });
  });

  it("declares the one error shape once, with each error answer that uses it", () => {
    const error = document.components.schemas.Error;
    expect(error?.required).toEqual(["error"]);
    expect(error?.properties?.error?.required).toEqual(["code", "message", "requestId"]);
    expect(Object.keys(document.components.responses)).toEqual(
      expect.arrayContaining(["BadRequest", "Conflict", "Forbidden", "NotFound", "Unauthorized"]),
    );
    for (const response of Object.values(document.components.responses))
      expect(response.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(document.components.securitySchemes.session).toMatchObject({ in: "cookie", name: "session" });
  });

  it("publishes itself: GET /api/openapi.json is public", () => {
    const self = operation(document, "/api/openapi.json", "get");
    expect(self.operationId).toBe("reference.openapi");
    expect(self.security).toEqual([]);
    expect(self["x-access"]).toBe("public");
  });
});

/** One endpoint of each kind the contracts can declare (endpoint.ts), in a context of its own. */
const node: z.ZodType<{ label: string; children: unknown[] }> = z.lazy(() =>
  z.object({ label: z.string(), children: z.array(node) }),
);
const syntheticEndpoints: ListedEndpoint[] = Object.entries({
  exportCsv: endpoint({
    method: "GET",
    path: "/api/samples/export",
    summary: "A CSV file",
    access: "account",
    query: z.object({ ...pageQuery(50, 500), from: dateInput({ error: "A date." }) }),
    responses: { 200: { raw: "text/csv", description: "The rows, as CSV" }, ...errors(400, 401) },
  }),
  follow: endpoint({
    method: "GET",
    path: "/api/samples/:sampleId/link",
    summary: "A redirect, its parameter without a schema",
    access: "public",
    responses: { 302: { raw: "text/html", description: "To the file" }, ...errors(404, 429) },
  }),
  upload: endpoint({
    method: "POST",
    path: "/api/samples/:sampleId/files",
    summary: "A multipart upload",
    access: "signed-in",
    permission: "contacts.edit",
    params: z.object({ sampleId: z.string().uuid() }),
    upload: { raw: "multipart/form-data", description: "The file, in the field `file`" },
    responses: { 201: z.object({ url: z.string(), at: timestampSchema }), ...errors(400, 401, 403, 413) },
  }),
  tree: endpoint({
    method: "PUT",
    path: "/api/samples/tree",
    summary: "A recursive body and answer",
    access: "admin",
    body: node,
    responses: { 200: node, 503: errors(503)[503] },
  }),
  search: endpoint({
    method: "GET",
    path: "/api/samples/search",
    summary: "A query of either form, an answer with a Date",
    access: "account",
    query: z.union([z.object({ name: z.string() }), z.object({ name: z.string(), near: z.string() })]),
    responses: { 200: z.object({ at: z.date(), anything: z.custom<Blob>() }) },
  }),
}).map(([name, e]) => ({ context: "samples", name, endpoint: e }));

describe("the OpenAPI document of endpoints of every kind", () => {
  const document = buildOpenApiDocument(syntheticEndpoints);
  const op = (path: string, method: "get" | "post" | "put"): Operation => operation(document, path, method);

  it("is valid OpenAPI 3.1", async () => {
    expect(await openApiProblems(document)).toEqual([]);
  });

  it("a raw answer is content of its media type; a redirect says where in Location", () => {
    expect(op("/api/samples/export", "get").responses["200"]).toEqual({
      description: "The rows, as CSV",
      content: { "text/csv": {} },
    });
    expect(op("/api/samples/{sampleId}/link", "get").responses["302"]).toMatchObject({
      description: "To the file",
      headers: { Location: { schema: { type: "string" } } },
    });
  });

  it("a query is one parameter per field: defaults optional, a date as its string", () => {
    const parameters = op("/api/samples/export", "get").parameters ?? [];
    expect(parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ["limit", "query", false],
      ["offset", "query", false],
      ["from", "query", true],
    ]);
    expect(parameters[0]?.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 500, default: 50 });
    expect(parameters[2]?.schema).toEqual({ type: "string", format: "date-time" });
    // A union of forms: a field is required only where every form requires it.
    const search = op("/api/samples/search", "get").parameters ?? [];
    expect(search.map((p) => [p.name, p.required])).toEqual([
      ["name", true],
      ["near", false],
    ]);
  });

  it("a path parameter without a schema is a string; with one, its schema", () => {
    expect(op("/api/samples/{sampleId}/link", "get").parameters).toEqual([
      { name: "sampleId", in: "path", required: true, schema: { type: "string" } },
    ]);
    expect(op("/api/samples/{sampleId}/files", "post").parameters?.[0]?.schema).toMatchObject({
      type: "string",
      format: "uuid",
    });
  });

  it("an upload is a multipart body; access and permission say who may call", () => {
    const upload = op("/api/samples/{sampleId}/files", "post");
    expect(upload.requestBody).toEqual({
      description: "The file, in the field `file`",
      required: true,
      content: { "multipart/form-data": { schema: { type: "object" } } },
    });
    expect(upload["x-access"]).toBe("signed-in");
    expect(upload["x-permission"]).toBe("contacts.edit");
    expect(upload.description).toContain("Needs a signed-in session.");
    expect(jsonSchemaOf(upload.responses["201"])?.properties?.at).toEqual({
      type: "string",
      format: "date-time",
    });
    expect(op("/api/samples/{sampleId}/link", "get").security).toEqual([]);
    expect(op("/api/samples/tree", "put").description).toContain("administrators");
  });

  it("a recursive schema is a component the operation refers to", () => {
    const tree = op("/api/samples/tree", "put");
    expect(tree.requestBody?.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/samples.tree.body",
    });
    const component = document.components.schemas["samples.tree.body"];
    expect(component?.properties?.children?.items).toEqual({
      $ref: "#/components/schemas/samples.tree.body",
    });
    expect(tree.responses["503"]).toEqual({ $ref: "#/components/responses/NotConfigured" });
  });

  it("a Date answered as is goes out as JSON.stringify writes it; what JSON Schema cannot say is any value", () => {
    const answer = jsonSchemaOf(op("/api/samples/search", "get").responses["200"]);
    expect(answer?.properties?.at).toEqual({ type: "string", format: "date-time" });
    expect(answer?.properties?.anything).toEqual({});
  });

  it("refuses two endpoints on one method and path", () => {
    const twice = [syntheticEndpoints[0], { ...syntheticEndpoints[0], name: "again" }] as ListedEndpoint[];
    expect(() => buildOpenApiDocument(twice)).toThrow("listed twice");
  });
});

describe("the validation", () => {
  const valid = buildOpenApiDocument(syntheticEndpoints);

  it("finds a document the OpenAPI schema refuses (an answer without a description)", async () => {
    const broken = structuredClone(valid);
    delete (operation(broken, "/api/samples/export", "get").responses["200"] as Partial<Response>)
      .description;
    expect((await openApiProblems(broken)).join("\n")).toMatch(/OpenAPI 3\.1 schema:.*description/s);
  });

  it("finds a Schema Object that is not JSON Schema", async () => {
    const broken = structuredClone(valid);
    const parameter = operation(broken, "/api/samples/export", "get").parameters?.[0];
    if (parameter) parameter.schema.type = "whole number";
    expect(schemasOf(broken).length).toBeGreaterThan(5);
    expect(await openApiProblems(broken)).toEqual([expect.stringContaining("samples.exportCsv query limit")]);
  });

  it("finds a path parameter not declared, and an operation id used twice", async () => {
    const broken = structuredClone(valid);
    operation(broken, "/api/samples/{sampleId}/link", "get").parameters = [];
    operation(broken, "/api/samples/tree", "put").operationId = "samples.search";
    expect(await openApiProblems(broken)).toEqual([
      expect.stringContaining("samples.follow: path /api/samples/{sampleId}/link"),
      "operationId samples.search is used twice",
    ]);
  });
});

describe("openApiPath and contextTitle", () => {
  it("writes Fastify's parameters as OpenAPI's", () => {
    expect(openApiPath("/api/extensions/:id")).toBe("/api/extensions/{id}");
    expect(openApiPath("/api/a/:from-:to/b")).toBe("/api/a/{from}-{to}/b");
    expect(openApiPath("/media/*")).toBe("/media/{*}");
  });

  it("titles a context for people", () => {
    expect(contextTitle("call-routing")).toBe("Call routing");
    expect(contextTitle("ivr")).toBe("IVR");
    expect(contextTitle("verified-numbers")).toBe("Verified numbers");
    expect(contextTitle("setupGuide")).toBe("Setup guide");
  });
});
