import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listEndpoints } from "../src/registry";
import { webRoutesSource } from "../src/web-routes";

describe("the web's route table", () => {
  it("is what the contracts make today (npm run generate:web-routes --workspace packages/contracts)", () => {
    const committed = readFileSync(
      new URL("../../../web/src/api/routes.generated.ts", import.meta.url),
      "utf8",
    );
    expect(committed).toBe(webRoutesSource());
  });

  it("names each method and path once", () => {
    const keys = listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
