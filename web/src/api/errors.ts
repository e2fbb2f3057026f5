import type { errorResponseSchema } from "@poundline/contracts/common";
import type { z } from "zod";

/** The API's one error shape: `{ error: { code, message, requestId, fields? } }`. */
export type ErrorResponse = z.output<typeof errorResponseSchema>;
/** The code of an API error, or what the client says when no API answer came: NETWORK, HTTP. */
export type ApiErrorCode = ErrorResponse["error"]["code"] | "NETWORK" | "HTTP";

export const NETWORK_ERROR_MESSAGE = "The request could not be sent. Check your connection and try again.";

/** A refused or failed request, as the API described it. */
export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Field name to its messages; the API's "body.<name>" is "<name>" here, as the forms name it. */
    readonly fields: Readonly<Record<string, readonly string[]>> = {},
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The first message of the first field in error, else the general message. */
  firstFieldMessage(): string {
    for (const messages of Object.values(this.fields)) if (messages[0]) return messages[0];
    return this.message;
  }
}

/**
 * The server answered and refused the request (not a lost connection nor a server fault): its
 * message is meant for the person.
 */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status > 0 && err.status < 500;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The field messages of an error body: string lists only, the "body." prefix dropped. */
function fieldsOf(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const fields: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(value)) {
    if (!Array.isArray(messages)) continue;
    const texts = messages.filter((message): message is string => typeof message === "string");
    if (texts.length > 0) fields[key.replace(/^body\./, "")] = texts;
  }
  return fields;
}

/**
 * The error of a non-2xx answer from its status and parsed body. A body in the one error shape
 * gives its code, message, request id and field messages; anything else (a proxy's HTML page, an
 * empty body) gives code HTTP and the status text.
 */
export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.message !== "string" || typeof error.code !== "string") {
    return new ApiError(status, "HTTP", statusText || `HTTP ${status}`);
  }
  return new ApiError(
    status,
    // The server sends only the codes of its one error shape.
    error.code as ApiErrorCode,
    error.message,
    fieldsOf(error.fields),
    typeof error.requestId === "string" ? error.requestId : null,
  );
}
