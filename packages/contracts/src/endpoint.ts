import type { z } from "zod";
import type { ApiContext } from "./api-keys/scopes";
import type { Action } from "./auth/permissions";
import { errorResponseSchema } from "./common";
import { type ErrorCode, errorCodes } from "./errors";

/**
 * One endpoint of the API, whole: its method and path, what it takes (path parameters, query,
 * body) and every answer it gives, errors included. The server registers its handler against
 * it (apps/api/src/http/contract-route.ts), the web calls it through the client derived from it
 * (web/src/api/client.ts), the OpenAPI document is generated from it and the common route suite
 * walks it.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call an endpoint: anyone, any signed-in user, a member of an account, an administrator. */
export type Access = "public" | "signed-in" | "account" | "admin";

/** An answer that is not JSON (a file, a CSV, a redirect): described by its media type. */
export interface RawAnswer {
  readonly raw: string;
  readonly description: string;
}

export type Answer = z.ZodType | RawAnswer;

export interface Endpoint {
  readonly method: Method;
  /** The full path, with `:name` parameters as Fastify writes them. */
  readonly path: `/${string}`;
  /** One line for the reference. */
  readonly summary: string;
  /** What the reference says beyond the summary and the schemas (Markdown), where there is more to say. */
  readonly description?: string;
  readonly access: Access;
  /** The permission-table action a change needs (auth/permissions.ts); reads need none. */
  readonly permission?: Action;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body; `upload` instead for a multipart or raw body, read by the handler itself. */
  readonly body?: z.ZodType;
  readonly upload?: RawAnswer;
  /** Every status it answers with: the successful one and each error. */
  readonly responses: { readonly [status: number]: Answer };
  /**
   * Also served by the public API, by the same handler, at the same path with `/api/` replaced
   * by `/v1/`, to an API key with `<scope>:read` (GET) or `<scope>:write` (anything else).
   */
  readonly publicApi?: { readonly scope: ApiContext };
}

/** Declares an endpoint, keeping its literal method, path and schemas for the types derived from it. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** The error answers of these statuses, in the one error shape. */
export function errors<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { readonly [K in S[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as {
    readonly [K in S[number]]: typeof errorResponseSchema;
  };
}

export type ErrorStatus = (typeof errorCodes)[ErrorCode];

export const isRawAnswer = (answer: Answer): answer is RawAnswer => "raw" in answer;

/** The answers of a recording played with range requests (a WAV file a player can seek in). */
export const audioAnswers = {
  200: { raw: "audio/wav", description: "The whole recording" },
  206: { raw: "audio/wav", description: "The requested range of the recording" },
  416: { raw: "text/plain", description: "A range outside the recording (empty, with Content-Range)" },
} as const;

/** The 2xx statuses of an endpoint. */
export type SuccessStatus<E extends Endpoint> = Extract<keyof E["responses"], 200 | 201 | 202 | 204>;

type Infer<S, Side extends "input" | "output"> = S extends z.ZodType
  ? Side extends "input"
    ? z.input<S>
    : z.output<S>
  : S extends RawAnswer
    ? Blob
    : undefined;

/** What a successful call answers, as the caller reads it (JSON as sent: dates are strings). */
export type SuccessOf<E extends Endpoint> = Infer<E["responses"][SuccessStatus<E>], "input">;

/** What the caller sends. Only the parts the endpoint has, each as its schema takes it. */
export type InputOf<E extends Endpoint> = (E["params"] extends z.ZodType
  ? { params: z.input<E["params"]> }
  : { params?: never }) &
  (E["query"] extends z.ZodType
    ? object extends z.input<E["query"]>
      ? { query?: z.input<E["query"]> }
      : { query: z.input<E["query"]> }
    : { query?: never }) &
  (E["body"] extends z.ZodType ? { body: z.input<E["body"]> } : { body?: never }) &
  (E["upload"] extends RawAnswer ? { upload: FormData | Blob } : { upload?: never });

export type { ApiContext } from "./api-keys/scopes";
export { type ContractOf, pathOf, type RouteOf } from "./route";
export { errorCodes };
