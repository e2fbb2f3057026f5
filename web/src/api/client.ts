import type { authEndpoints } from "@poundline/contracts/auth/endpoints";
import type { Endpoint, InputOf, SuccessOf } from "@poundline/contracts/endpoint";
import { type ContractOf, pathOf } from "@poundline/contracts/route";
import type { siteEndpoints } from "@poundline/contracts/site/endpoints";
import { ApiError, apiErrorFrom, NETWORK_ERROR_MESSAGE } from "./errors";
import { routes } from "./routes.generated";

type Routes = typeof routes;
/** Any endpoint of the contracts, as the route table has it: a hand-made method and path is none. */
export type KnownRoute = { [C in keyof Routes]: Routes[C][keyof Routes[C]] }[keyof Routes];

/**
 * The one client of the API. Every request and response type is inferred from the endpoints'
 * contracts (imported as types only: the schemas, and zod, stay out of the pages that only read).
 * The answers are not parsed again here: the API validated them against the same schemas.
 */

type AuthEndpoints = typeof authEndpoints;
export type SessionResponse = SuccessOf<AuthEndpoints["session"]>;
export type LoginResponse = SuccessOf<AuthEndpoints["login"]>;
type SiteEndpoints = typeof siteEndpoints;
export type SiteConfig = SuccessOf<SiteEndpoints["config"]>;
export type FaqResponse = SuccessOf<SiteEndpoints["faq"]>;
export type FaqItem = FaqResponse["items"][number];
export type FaqOrder = NonNullable<NonNullable<CallInput<SiteEndpoints["faq"]>["query"]>["order"]>;

/** `fetch`, passed in so that tests give their own. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** `path?a=b` for the defined values of `query` (a list repeats its name). */
export function withQuery(path: string, query: Record<string, QueryValue> | object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** What a call to an endpoint takes: its parameters, query and body as its contract says, and a signal. */
export type CallInput<E extends Endpoint> = InputOf<E> & { signal?: AbortSignal | undefined };

/** The input is optional where the endpoint takes nothing. */
type CallArguments<E extends Endpoint> =
  object extends InputOf<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The typed endpoints over `fetchFn`: JSON with the session cookie; a non-2xx answer throws an ApiError. */
export function createApiClient(fetchFn: Fetch) {
  async function send<Response>(method: Method, path: string, { body, signal }: RequestOptions = {}) {
    let res: globalThis.Response;
    try {
      res = await fetchFn(path, {
        method,
        credentials: "same-origin",
        headers: {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (err) {
      // Leaving a page cancels its requests: that is no failure to report.
      if (signal?.aborted) throw err;
      throw new ApiError(0, "NETWORK", NETWORK_ERROR_MESSAGE);
    }
    const data = parseJson(await res.text());
    if (!res.ok) throw apiErrorFrom(res.status, res.statusText, data);
    // The API checked its answer against the schema this type comes from.
    return data as Response;
  }

  /**
   * Calls one endpoint of the contracts (`routes` of routes.generated.ts): its method and path
   * come from the contract, and so do the types of what it takes and answers.
   */
  function call<R extends KnownRoute>(
    route: R,
    ...[input]: CallArguments<ContractOf<R>>
  ): Promise<SuccessOf<ContractOf<R>>> {
    const { params, query, body, signal } = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
    };
    const path = withQuery(pathOf(route.path, params), query ?? {});
    return send<SuccessOf<ContractOf<R>>>(route.method, path, { body, signal });
  }

  return {
    /** Any endpoint by its contract: the console modules' endpoint groups (`web/src/api/<context>.ts`) use it. */
    call,
    /**
     * A request by method and path: for the endpoints not yet described by a contract.
     */
    send,
    auth: {
      /** Who is signed in; all null/false for a visitor. */
      session: (signal?: AbortSignal) => call(routes.auth.session, { signal }),
      login: (body: CallInput<AuthEndpoints["login"]>["body"]) => call(routes.auth.login, { body }),
      logout: () => call(routes.auth.logout),
      register: (body: CallInput<AuthEndpoints["register"]>["body"]) => call(routes.auth.register, { body }),
      confirmEmail: (body: CallInput<AuthEndpoints["confirmEmail"]>["body"]) =>
        call(routes.auth.confirmEmail, { body }),
      /** A new confirmation link for an address not confirmed yet (same answer whatever the address). */
      resendConfirmation: (body: CallInput<AuthEndpoints["resendConfirmation"]>["body"]) =>
        call(routes.auth.resendConfirmation, { body }),
      forgotPassword: (body: CallInput<AuthEndpoints["forgotPassword"]>["body"]) =>
        call(routes.auth.forgotPassword, { body }),
      resetPassword: (body: CallInput<AuthEndpoints["resetPassword"]>["body"]) =>
        call(routes.auth.resetPassword, { body }),
    },
    site: {
      /** The public settings of this deployment. */
      config: (signal?: AbortSignal) => call(routes.site.config, { signal }),
      /** The editable texts with these keys (a comma-separated list) that have a value. */
      content: (query: CallInput<SiteEndpoints["content"]>["query"], signal?: AbortSignal) =>
        call(routes.site.content, { query, signal }),
      /** The published FAQ. */
      faq: (query: CallInput<SiteEndpoints["faq"]>["query"], signal?: AbortSignal) =>
        call(routes.site.faq, { query, signal }),
      contact: (body: CallInput<SiteEndpoints["contact"]>["body"]) => call(routes.site.contact, { body }),
      featureRequest: (body: CallInput<SiteEndpoints["featureRequest"]>["body"]) =>
        call(routes.site.featureRequest, { body }),
      phoneNumberRequest: (body: CallInput<SiteEndpoints["phoneNumberRequest"]>["body"]) =>
        call(routes.site.phoneNumberRequest, { body }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
