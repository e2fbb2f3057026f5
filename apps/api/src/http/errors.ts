import type { Socket } from "node:net";
import {
  AppError,
  type ErrorBody,
  type ErrorCode,
  errorBody,
  errorCodes,
  type FieldErrors,
} from "@poundline/contracts/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

export {
  AppError,
  type ErrorBody,
  type ErrorCode,
  errorBody,
  errorCodes,
  type FieldErrors,
  notFound,
} from "@poundline/contracts/errors";

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

/**
 * The status and body of an error in the one shape `{ error: { code, message, requestId, fields? } }`;
 * 5xx never leak internals (they are logged on `log`). Used by the error handler and by the
 * carrier's fast path (twilio/fast-path.ts), which answers in front of Fastify.
 */
export function errorAnswer(
  err: FastifyError | AppError,
  requestId: string,
  log: { error(obj: object, msg: string): void },
): { status: number; body: ErrorBody } {
  if (err instanceof AppError) return { status: err.statusCode, body: errorBody(err, requestId) };
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
    return { status: 400, body: { error: { code: "BAD_REQUEST", message: first, requestId, fields } } };
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    log.error({ err }, "unhandled error");
    return {
      status: 500,
      body: { error: { code: "INTERNAL", message: "Internal server error", requestId } },
    };
  }
  const body: ErrorBody = {
    error: { code: codeByStatus.get(status) ?? "BAD_REQUEST", message: err.message, requestId },
  };
  if (err.validation) body.error.fields = fieldsOf(err.validation);
  return { status, body };
}

/** Answers an error in the one shape (see `errorAnswer`). */
export function sendError(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorAnswer(err, String(request.id), request.log);
  return reply.status(status).send(body);
}

/** One error handler, one not-found handler, both in the one shape. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(sendError);
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

/** The one error shape for a status the handlers never choose themselves. */
function errorBodyFor(status: number, message: string, requestId: string): ErrorBody {
  return { error: { code: codeByStatus.get(status) ?? "BAD_REQUEST", message, requestId } };
}

/**
 * Fastify's own refusals before routing (a URL that does not decode, a too long path
 * parameter): the one error shape too. Passed as Fastify's `frameworkErrors` option.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  const message = status >= 500 ? "Internal server error" : error.message;
  reply.status(status).send(errorBodyFor(status, message, String(request.id)));
}

/**
 * Requests Node's HTTP parser refuses (malformed, headers too large, too slow) never reach
 * Fastify: they are answered on the socket, in the one error shape, with a request id of their
 * own. Passed as Fastify's `clientErrorHandler` option.
 */
export function sendClientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    err.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request timeout"]
      : err.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request headers too large"]
        : [400, "Malformed request"];
  const body = JSON.stringify(errorBodyFor(status, message, crypto.randomUUID()));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${message}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
