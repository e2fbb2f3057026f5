import { buildOpenApiDocument } from "@poundline/contracts/reference/openapi";
import type { JsonSchema, OpenApiDocument } from "@poundline/contracts/reference/openapi-document";
import { describe, expect, it } from "vitest";
import {
  constraintWords,
  fieldsOf,
  groupByTag,
  objectWithin,
  resolveResponse,
  typeLabel,
} from "../../src/modules/api-reference/schema-words";

/** The document the API serves. */
const document = buildOpenApiDocument();

const createBody = document.paths["/api/extensions"]?.post?.requestBody?.content["application/json"]
  ?.schema as JsonSchema;

describe("the reference page's words for a schema", () => {
  it.each<[JsonSchema, string]>([
    [{ type: "string" }, "text"],
    [{ type: "integer" }, "whole number"],
    [{ type: "boolean" }, "true or false"],
    [{ type: ["string", "null"] }, "text or null"],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "text or null"],
    [{ type: "string", format: "date-time" }, "date and time (ISO 8601)"],
    [{ type: "array", items: { type: "string" } }, "list of text"],
    [{ type: "string", enum: ["man", "woman"] }, 'one of "man", "woman"'],
    [
      { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      "map of names to list of text",
    ],
    [{}, "any value"],
  ])("%j is %s", (schema, words) => {
    expect(typeLabel(document, schema)).toBe(words);
  });

  it("names a recursive shape instead of following it", () => {
    const withTree: OpenApiDocument = structuredClone(document);
    withTree.components.schemas.Tree = { type: "array", items: { $ref: "#/components/schemas/Tree" } };
    expect(typeLabel(withTree, { $ref: "#/components/schemas/Tree" })).toBe("list of Tree");
  });

  it.each<[JsonSchema, string[]]>([
    [{ type: "string", minLength: 1, maxLength: 100 }, ["1 to 100 characters"]],
    [{ type: "string", maxLength: 1 }, ["at most 1 character"]],
    [{ type: "integer", minimum: 1, maximum: 99_999 }, ["1 to 99999"]],
    [{ type: "array", maxItems: 10, default: [] }, ["at most 10 items", "default []"]],
    [{ type: "string", pattern: "^ext_[a-z0-9]{1,64}$" }, ["matches ^ext_[a-z0-9]{1,64}$"]],
  ])("%j follows %j", (schema, words) => {
    expect(constraintWords(schema)).toEqual(words);
  });

  it("lists an extension's fields, required or not, as the API takes them", () => {
    const fields = fieldsOf(document, createBody);
    expect(fields.map((field) => [field.name, field.required])).toEqual([
      ["extensionNumber", true],
      ["name", true],
      ["email", false],
      ["department", false],
      ["forwardingNumbers", false],
      ["voicemailEnabled", false],
      ["callForwarding", false],
    ]);
  });

  it("shows the fields of a list's items and of the error shape an error answer refers to", () => {
    const list = document.paths["/api/extensions"]?.get?.responses["200"];
    const listSchema = list && "content" in list ? list.content?.["application/json"]?.schema : undefined;
    const items = objectWithin(document, listSchema?.properties?.items as JsonSchema);
    expect(items?.properties && Object.keys(items.properties)).toContain("createdAt");

    const notFound = resolveResponse(document, { $ref: "#/components/responses/NotFound" });
    const error = fieldsOf(document, notFound.content?.["application/json"]?.schema as JsonSchema);
    expect(error.map((field) => field.name)).toEqual(["error"]);
  });
});

describe("groupByTag", () => {
  it("groups the operations by context, in the document's order", () => {
    const groups = groupByTag(document, "");
    expect(groups.map((group) => group.title)).toEqual(document.tags.map((tag) => tag["x-displayName"]));
    const extensions = groups.find((group) => group.name === "extensions");
    expect(extensions?.operations.map((entry) => entry.operation.operationId)).toEqual([
      "extensions.list",
      "extensions.create",
      "extensions.get",
      "extensions.update",
      "extensions.remove",
    ]);
  });

  it("keeps the operations whose path, method, summary or id match, and drops empty groups", () => {
    const found = groupByTag(document, "  EXTENSIONS.update ");
    expect(found.map((group) => group.operations.map((entry) => entry.operation.operationId))).toEqual([
      ["extensions.update"],
    ]);
    const patches = groupByTag(document, "patch").flatMap((group) => group.operations);
    expect(patches.map((entry) => entry.method)).toEqual(patches.map(() => "patch"));
    expect(groupByTag(document, "no such endpoint")).toEqual([]);
  });
});
