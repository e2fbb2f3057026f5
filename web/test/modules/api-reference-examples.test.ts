import type { Operation } from "@poundline/contracts/reference/openapi-document";
import { describe, expect, it } from "vitest";
import { curlExample, fetchExample } from "../../src/modules/api-reference/example-code";

const operation = (withBody: boolean) =>
  ({
    operationId: "x",
    summary: "",
    description: "",
    tags: [],
    security: [],
    responses: {},
    "x-access": "account",
    ...(withBody ? { requestBody: { required: true, content: { "application/json": {} } } } : {}),
  }) as Operation;

const BASE = "https://pbx.example";

describe("the public reference's examples", () => {
  it.each([
    [
      "get",
      "/v1/contacts/{id}",
      false,
      ['curl -X GET "https://pbx.example/v1/contacts/<id>"', "Bearer $POUNDLINE_API_KEY"],
      ["Idempotency-Key", "-d '"],
    ],
    [
      "post",
      "/v1/contacts",
      true,
      ["Idempotency-Key: $(uuidgen)", "Content-Type: application/json", "-d '{ ... }'"],
      [],
    ],
    ["delete", "/v1/voicemails/{id}", false, ["-X DELETE"], ["Idempotency-Key", "Content-Type"]],
  ] as const)("curl for %s %s", (method, path, withBody, present, absent) => {
    const text = curlExample({ method, path, operation: operation(withBody) }, BASE);
    for (const part of present) expect(text).toContain(part);
    for (const part of absent) expect(text).not.toContain(part);
  });

  it("fetch sends the key, an idempotency key and a JSON body on a POST", () => {
    const text = fetchExample({ method: "post", path: "/v1/messages", operation: operation(true) }, BASE);
    expect(text).toContain('fetch("https://pbx.example/v1/messages"');
    expect(text).toContain("Authorization: `Bearer $" + "{process.env.POUNDLINE_API_KEY}`");
    expect(text).toContain('"Idempotency-Key": crypto.randomUUID()');
    expect(text).toContain("body: JSON.stringify(");
  });

  it("fetch of a GET sends neither", () => {
    const text = fetchExample({ method: "get", path: "/v1/numbers", operation: operation(false) }, BASE);
    expect(text).not.toContain("Idempotency-Key");
    expect(text).not.toContain("body:");
  });
});
