import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn, type TestUser } from "../fixtures";
import { bearer, keyFor } from "./helpers";
import { type ListCase, publicLists, type Seeded } from "./lists";

/**
 * Every list of /v1, paged by its cursor: each row once, in the list's order; a row written while
 * paging neither repeats a row nor breaks the order; another account's rows never show.
 */

const ROWS = 11;
const LIMIT = 4;

/**
 * The position of row `i`: rows three by three in the same second, the first two of each at the
 * very same time (the id breaks the tie), the third a microsecond later (a JavaScript Date would
 * lose it).
 */
const positionOf = (i: number) => {
  const second = String(Math.floor(i / 3)).padStart(2, "0");
  return `2026-03-01T12:00:${second}.50000${i % 3 === 2 ? 1 : 0}Z`;
};
const NEWER = "2026-03-02T08:00:00.000000Z";
const OLDER = "2026-02-27T08:00:00.000000Z";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The ids of `rows` in the list's order. */
function inListOrder(list: ListCase, rows: readonly Seeded[]): string[] {
  const sorted = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return (list.ascending ? sorted : sorted.reverse()).map((row) => row.id);
}

async function pageThrough(
  list: ListCase,
  path: string,
  secret: string,
  afterFirstPage?: () => Promise<void>,
  limit = LIMIT,
) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page === 0 || cursor; page++) {
    expect(page, "pages").toBeLessThan(ROWS);
    const separator = path.includes("?") ? "&" : "?";
    const after: string = cursor ? `&cursor=${cursor}` : "";
    const res = await t.app.inject({
      method: "GET",
      url: `${path}${separator}limit=${limit}${after}`,
      headers: bearer(secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body: { nextCursor: string | null } & Record<string, unknown> = res.json();
    const ids = list.ids(body);
    expect(ids.length).toBeLessThanOrEqual(limit);
    seen.push(...ids);
    cursor = body.nextCursor;
    if (page === 0) await afterFirstPage?.();
  }
  return seen;
}

describe.each(publicLists)("GET $name by cursor", (list) => {
  let owner: TestUser;
  let secret: string;
  let fixtures: Record<string, string>;
  const rows: Seeded[] = [];
  const others: Seeded[] = [];

  beforeAll(async () => {
    owner = await createUser(t);
    const other = await createUser(t);
    secret = await keyFor(t, owner);
    fixtures = (await list.prepare?.(t, owner)) ?? {};
    const otherFixtures = (await list.prepare?.(t, other)) ?? {};
    for (let i = 0; i < ROWS; i++) {
      rows.push(await list.seed(t, owner, positionOf(i), i, fixtures));
      // Another account's rows, at the same times: never on the owner's pages.
      if (i % 4 === 0) others.push(await list.seed(t, other, positionOf(i), 100 + i, otherFixtures));
    }
  });

  it("gives each row once, in the list's order, and only the key's account's", async () => {
    const seen = await pageThrough(list, list.path(fixtures), secret);
    expect(seen).toEqual(inListOrder(list, rows));
    for (const row of others) expect(seen).not.toContain(row.id);
  });

  it("pages on unshaken when rows are written while paging", async () => {
    const written: Seeded[] = [];
    const seen = await pageThrough(list, list.path(fixtures), secret, async () => {
      written.push(await list.seed(t, owner, NEWER, 50, fixtures));
      written.push(await list.seed(t, owner, OLDER, 51, fixtures));
    });
    // The rows written before the first page's last row (in the list's order) are not shown;
    // those after it are, in their place.
    const everything = inListOrder(list, [...rows, ...written]);
    const firstPageEnd = everything.indexOf(seen[LIMIT - 1] ?? "");
    const expected = everything.filter(
      (id, at) => !written.some((row) => row.id === id) || at > firstPageEnd,
    );
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    rows.push(...written);
  });

  it("answers the whole list in one page when the limit holds it, with no next cursor", async () => {
    const separator = list.path(fixtures).includes("?") ? "&" : "?";
    const res = await t.app.inject({
      method: "GET",
      url: `${list.path(fixtures)}${separator}limit=200`,
      headers: bearer(secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(list.ids(res.json())).toEqual(inListOrder(list, rows));
    expect(res.json().nextCursor).toBeNull();
  });
});

const listNamed = (name: string) => publicLists.find((list) => list.name === name) as ListCase;

/** Rows numbered so that some match the filter: the filters of the console's lists page by cursor too. */
describe.each([
  // A search: contacts read their matches another way than their plain list.
  { list: "contacts", query: "q=Paged%201", matches: (n: number) => String(n).startsWith("1") },
  { list: "calls", query: "direction=inbound", matches: (n: number) => n % 2 === 0 },
  { list: "calls", query: "q=212555001", matches: (n: number) => n >= 10 && n < 20 },
  { list: "voicemails", query: "q=212555001", matches: (n: number) => n >= 10 && n < 20 },
  { list: "conversations", query: "q=917555001", matches: (n: number) => n >= 10 && n < 20 },
])("GET $list?$query by cursor", ({ list: name, query, matches }) => {
  it("pages through the matches only, each once, in order", async () => {
    const list = listNamed(name);
    const owner = await createUser(t);
    const fixtures = (await list.prepare?.(t, owner)) ?? {};
    const numbered = [1, 2, 10, 3, 11, 12, 4, 13, 14, 5, 16];
    const rows: (Seeded & { n: number })[] = [];
    for (const [i, n] of numbered.entries())
      rows.push({ ...(await list.seed(t, owner, positionOf(i), n, fixtures)), n });
    const path = `${list.path(fixtures)}${list.path(fixtures).includes("?") ? "&" : "?"}${query}`;
    const seen = await pageThrough(list, path, await keyFor(t, owner), undefined, 2);
    expect(seen).toEqual(
      inListOrder(
        list,
        rows.filter((row) => matches(row.n)),
      ),
    );
  });
});

describe("the page size", () => {
  it("is 50 on /v1 unless told, while the console's list keeps its own", async () => {
    const owner = await createUser(t);
    const contacts = listNamed("contacts");
    for (let i = 0; i < 55; i++) await contacts.seed(t, owner, positionOf(i % 60), 200 + i, {});
    const res = await t.app.inject({
      method: "GET",
      url: "/v1/contacts",
      headers: bearer(await keyFor(t, owner)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ limit: 50, total: 55, nextCursor: expect.any(String) });
    expect(res.json().contacts).toHaveLength(50);
    const session = await signIn(t, owner);
    const inConsole = await t.app.inject({ method: "GET", url: "/api/contacts", headers: session.headers });
    expect(inConsole.json()).toMatchObject({ limit: 25, total: 55, nextCursor: expect.any(String) });
  });

  it("is documented in /v1/openapi.json: cursor and limit in, nextCursor out", async () => {
    const openApi = (await t.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const parameters = openApi.paths["/v1/contacts"].get.parameters as { name: string; schema: object }[];
    expect(parameters.find((p) => p.name === "limit")?.schema).toMatchObject({ default: 50, maximum: 200 });
    expect(parameters.find((p) => p.name === "cursor")).toBeDefined();
    let answer = openApi.paths["/v1/contacts"].get.responses["200"].content["application/json"].schema;
    if (answer.$ref) answer = openApi.components.schemas[answer.$ref.split("/").at(-1)];
    expect(answer.properties.nextCursor).toBeDefined();
    expect(answer.required).toContain("nextCursor");
  });
});
