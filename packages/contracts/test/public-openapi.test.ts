import { describe, expect, it } from "vitest";
import { openApiProblems } from "../scripts/openapi-validation";
import { scopeFor } from "../src/api-keys/scopes";
import { pagesByCursor } from "../src/cursor";
import type { JsonSchema, Response } from "../src/reference/openapi-document";
import { buildPublicApiDocument, publicApiEndpoints } from "../src/reference/public-openapi";
import { listEndpoints } from "../src/registry";

describe("the public API's OpenAPI document", () => {
  const document = buildPublicApiDocument();
  /** The JSON schema of an answer, its reference followed. */
  const answerOf = (response: unknown): JsonSchema | undefined => {
    const schema = (response as Response | undefined)?.content?.["application/json"]?.schema as
      | (JsonSchema & { $ref?: string })
      | undefined;
    const name = schema?.$ref?.split("/").at(-1);
    return name ? (document.components.schemas?.[name] as JsonSchema | undefined) : schema;
  };
  const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));

  it("is valid OpenAPI 3.1", async () => {
    expect(await openApiProblems(document)).toEqual([]);
  });

  it("has one operation per publicApi endpoint, at its /v1 path, behind the bearer key with its scope", () => {
    const marked = listEndpoints().filter((listed) => listed.endpoint.publicApi);
    expect(marked.length).toBeGreaterThan(20);
    expect(operations.map((op) => op.operationId).sort()).toEqual(
      marked.map(({ context, name }) => `${context}.${name}`).sort(),
    );
    for (const { context, name, endpoint } of publicApiEndpoints()) {
      expect(endpoint.path.startsWith("/v1/"), endpoint.path).toBe(true);
      const op = operations.find((candidate) => candidate.operationId === `${context}.${name}`);
      expect(op?.security).toEqual([{ apiKey: [] }]);
      expect(op?.["x-scope"]).toBe(scopeFor(endpoint.publicApi?.scope ?? "calls", endpoint.method));
    }
    expect(document.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
  });

  it("marks no admin or public endpoint, and no cookie-only context (billing, users, admin)", () => {
    for (const { endpoint } of publicApiEndpoints()) {
      expect(endpoint.access).toBe("account");
      expect(endpoint.path).not.toMatch(/^\/v1\/(admin|billing|team|settings|auth|api-keys)/);
    }
  });

  it("documents the cursor, the limit (50 unless told, at most 200) and nextCursor of every list", () => {
    const lists = [
      "contacts.list",
      "calls.list",
      "messages.list",
      "messages.conversations",
      "voicemails.list",
      "numbers.list",
      "webhooks.list",
      "webhooks.deliveries",
      "callBlocking.get",
      "automations.scheduledTexts",
    ];
    const paged = publicApiEndpoints().filter(({ endpoint }) => pagesByCursor(endpoint.query));
    expect(paged.map(({ context, name }) => `${context}.${name}`).sort()).toEqual([...lists].sort());
    for (const id of lists) {
      const op = operations.find((candidate) => candidate.operationId === id);
      const parameter = (name: string) => op?.parameters?.find((p) => p.name === name);
      expect(parameter("cursor"), id).toBeDefined();
      expect(parameter("limit")?.schema, id).toMatchObject({ default: 50, maximum: 200 });
      expect(answerOf(op?.responses["200"])?.properties?.nextCursor, id).toBeDefined();
    }
  });
});
