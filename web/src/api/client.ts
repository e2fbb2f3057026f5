import type {
  confirmEmailBodySchema,
  emptyResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  resendConfirmationBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
} from "@poundline/api/auth/schemas";
import type {
  contactBodySchema,
  contentQuerySchema,
  contentResponseSchema,
  createdResponseSchema,
  faqQuerySchema,
  faqResponseSchema,
  featureRequestBodySchema,
  phoneNumberRequestBodySchema,
  siteConfigSchema,
} from "@poundline/api/site/schemas";
import type { z } from "zod";
import { ApiError, apiErrorFrom, NETWORK_ERROR_MESSAGE } from "./errors";

/**
 * The one client of the API. Every request and response type is inferred from the API's own zod
 * schemas (imported as types only: the schemas, and zod, stay out of the pages that only read).
 * The answers are not parsed again here: the API validated them against the same schemas.
 */

/** What a request body may be: the schema's input (before trimming, defaults, transforms). */
type Input<Schema extends z.ZodType> = z.input<Schema>;
/** What the API answers: the schema's output. */
type Output<Schema extends z.ZodType> = z.output<Schema>;

export type SessionResponse = Output<typeof sessionResponseSchema>;
export type LoginResponse = Output<typeof loginResponseSchema>;
export type SiteConfig = Output<typeof siteConfigSchema>;
export type FaqResponse = Output<typeof faqResponseSchema>;
export type FaqItem = FaqResponse["items"][number];
export type FaqOrder = NonNullable<Input<typeof faqQuerySchema>["order"]>;

/** `fetch`, passed in so that tests give their own. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** `path?a=b` for the defined values of `query`. */
export function withQuery(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

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

  return {
    /**
     * Any endpoint: console modules build their typed endpoint groups on it
     * (`web/src/api/<context>.ts`), with types from the API's schemas like those below.
     */
    send,
    auth: {
      /** Who is signed in; all null/false for a visitor. */
      session: (signal?: AbortSignal) => send<SessionResponse>("GET", "/api/auth/session", { signal }),
      login: (body: Input<typeof loginBodySchema>) =>
        send<LoginResponse>("POST", "/api/auth/login", { body }),
      logout: () => send<Output<typeof emptyResponseSchema>>("POST", "/api/auth/logout"),
      register: (body: Input<typeof registerBodySchema>) =>
        send<Output<typeof messageResponseSchema>>("POST", "/api/auth/register", { body }),
      confirmEmail: (body: Input<typeof confirmEmailBodySchema>) =>
        send<Output<typeof messageResponseSchema>>("POST", "/api/auth/confirm-email", { body }),
      /** A new confirmation link for an address not confirmed yet (same answer whatever the address). */
      resendConfirmation: (body: Input<typeof resendConfirmationBodySchema>) =>
        send<Output<typeof messageResponseSchema>>("POST", "/api/auth/resend-confirmation", { body }),
      forgotPassword: (body: Input<typeof forgotPasswordBodySchema>) =>
        send<Output<typeof messageResponseSchema>>("POST", "/api/auth/forgot-password", { body }),
      resetPassword: (body: Input<typeof resetPasswordBodySchema>) =>
        send<Output<typeof messageResponseSchema>>("POST", "/api/auth/reset-password", { body }),
    },
    site: {
      /** The public settings of this deployment. */
      config: (signal?: AbortSignal) => send<SiteConfig>("GET", "/api/site", { signal }),
      /** The editable texts with these keys (a comma-separated list) that have a value. */
      content: (query: Input<typeof contentQuerySchema>, signal?: AbortSignal) =>
        send<Output<typeof contentResponseSchema>>("GET", withQuery("/api/content", query), { signal }),
      /** The published FAQ. */
      faq: (query: Input<typeof faqQuerySchema>, signal?: AbortSignal) =>
        send<FaqResponse>("GET", withQuery("/api/faq", query), { signal }),
      contact: (body: Input<typeof contactBodySchema>) =>
        send<Output<typeof createdResponseSchema>>("POST", "/api/contact", { body }),
      featureRequest: (body: Input<typeof featureRequestBodySchema>) =>
        send<Output<typeof createdResponseSchema>>("POST", "/api/feature-requests", { body }),
      phoneNumberRequest: (body: Input<typeof phoneNumberRequestBodySchema>) =>
        send<Output<typeof createdResponseSchema>>("POST", "/api/phone-number-requests", { body }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
