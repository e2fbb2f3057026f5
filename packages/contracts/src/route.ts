import type { Endpoint } from "./endpoint";

// What the web needs of an endpoint at run time, with no schema (so no zod) in it.

/**
 * An endpoint as the web calls it: its method and path at run time, its whole contract as a
 * type only (so that the schemas, and zod, stay out of the pages that only read). Generated
 * for every endpoint into web/src/api/routes.generated.ts.
 */
export interface RouteOf<E extends Endpoint> {
  readonly method: E["method"];
  readonly path: E["path"];
  /** Never set: carries the contract's type. */
  readonly contract?: E;
}

/** The contract a route carries. */
export type ContractOf<R> = R extends RouteOf<infer E> ? E : never;

/** `/api/extensions/:id` with `{ id: "x" }`: the path with its parameters filled in, encoded. */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
