import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

export const errorCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
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

function fieldsOf(issues: { instancePath?: string; params?: unknown; message?: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".") || "_";
    fields[path] ??= [];
    fields[path].push(issue.message ?? "Invalid value");
  }
  return fields;
}

const codeByStatus = new Map<number, ErrorCode>(
  Object.entries(errorCodes).map(([code, status]) => [status, code as ErrorCode]),
);

/** One error handler: one shape `{ error: { code, message, requestId, fields? } }`; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const requestId = String(request.id);
    if (err instanceof AppError) {
      const body: ErrorBody = { error: { code: err.code, message: err.message, requestId } };
      if (err.fields) body.error.fields = err.fields;
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldErrors = {};
      for (const v of err.validation) {
        const path = [err.validationContext, ...(v.instancePath || "").split("/").filter(Boolean)]
          .filter(Boolean)
          .join(".");
        fields[path] ??= [];
        fields[path].push(v.message ?? "Invalid value");
      }
      const first = Object.values(fields)[0]?.[0] ?? "Invalid request";
      return reply.status(400).send({ error: { code: "BAD_REQUEST", message: first, requestId, fields } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, "unhandled error");
      return reply
        .status(500)
        .send({ error: { code: "INTERNAL", message: "Internal server error", requestId } });
    }
    const body: ErrorBody = {
      error: { code: codeByStatus.get(status) ?? "BAD_REQUEST", message: err.message, requestId },
    };
    if (err.validation) body.error.fields = fieldsOf(err.validation);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: {
        code: "NOT_FOUND",
        message: `Route ${request.method} ${request.url} not found`,
        requestId: request.id,
      },
    });
  });
}
