/** The one error type use cases throw, and the one error shape every answer uses. */
export const errorCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  NOT_CONFIGURED: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Field name to its messages, for 400 answers. */
export type FieldErrors = Record<string, string[]>;

/** The one error type handlers throw; the error handler turns it into the one error shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.statusCode = errorCodes[code];
  }
}

export const notFound = (what = "Resource") => new AppError("NOT_FOUND", `${what} not found`);

export interface ErrorBody {
  error: { code: ErrorCode; message: string; requestId: string; fields?: FieldErrors };
}

/** The one error shape of an AppError, for the few answers sent outside the error handler. */
export function errorBody(err: AppError, requestId: string): ErrorBody {
  const body: ErrorBody = { error: { code: err.code, message: err.message, requestId } };
  if (err.fields) body.error.fields = err.fields;
  return body;
}
