import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client";
import { routes } from "../../src/api/routes.generated";

/**
 * The web's client is typed by the contracts: the `@ts-expect-error` lines below must fail to
 * type-check (`npm run typecheck` fails when one of them compiles), and the calls that follow
 * them go where the contract says.
 */
function recordingClient() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const api = createApiClient(async (url, init) => {
    sent.push({
      method: String(init.method),
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify({ items: [] }), { status: 200 });
  });
  return { api, sent };
}

const contactBody = { name: "Ada Lovelace", phone: "+14155550100" };
const extensionBody = { name: "Front desk", extensionNumber: "101", forwardingNumbers: ["+14155550100"] };

/** Never run: each line is refused by the type checker. */
export function refusedByTheContracts(api: ReturnType<typeof createApiClient>) {
  const put = { method: "PUT", path: "/api/extensions/:id" } as const;
  // @ts-expect-error the server has PATCH for this path: no endpoint answers PUT there
  api.call(put, { params: { id: "x" }, body: extensionBody });
  // @ts-expect-error another endpoint's body (a contact's) where an extension's is expected
  api.call(routes.extensions.create, { body: contactBody });
  // @ts-expect-error a path parameter is required
  api.call(routes.extensions.get, {});
  // @ts-expect-error the list's query has no such field
  api.call(routes.extensions.list, { query: { name: "x" } });
  // @ts-expect-error the answer is an extension, not a list
  const list: Promise<{ items: unknown[] }> = api.call(routes.extensions.get, { params: { id: "x" } });
  return list;
}

describe("the contract-typed client", () => {
  it("sends each endpoint's method to its path, with the parameters filled in", async () => {
    const { api, sent } = recordingClient();
    await api.call(routes.extensions.update, { params: { id: "ext 1" }, body: { name: "Desk" } });
    await api.call(routes.extensions.list, { query: { search: "desk" } });
    await api.call(routes.extensions.list);
    expect(sent).toEqual([
      { method: "PATCH", url: "/api/extensions/ext%201", body: { name: "Desk" } },
      { method: "GET", url: "/api/extensions?search=desk", body: undefined },
      { method: "GET", url: "/api/extensions", body: undefined },
    ]);
  });
});
