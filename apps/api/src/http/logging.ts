import { serializeError } from "@poundline/platform/logging";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type DestinationStream, type Logger, pino } from "pino";

export { serializeError };

/**
 * Logging is ours rather than Fastify's built-in logger: with it, Fastify adds per-request
 * response listeners and a child logger to every route, which cost the carrier webhooks (the hot
 * path) about a quarter of their time. The console API still logs each request (see
 * `logRequests`); webhooks log what they log, with the request id, made only when needed.
 */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  const options = {
    level,
    serializers: {
      err: serializeError,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: req.url,
        host: req.host,
        remoteAddress: req.ip,
      }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
    },
  };
  return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
}

/**
 * A request logger that makes its pino child (with the request id) only when something is
 * actually logged: most webhook requests log nothing at the production level. A class, so that
 * no closures are made per request.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  readonly level: string;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly givenBindings: Record<string, unknown> | undefined,
    private readonly options: object | undefined,
  ) {
    this.level = parent.level;
  }
  protected bindings(): Record<string, unknown> {
    return this.givenBindings ?? {};
  }
  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings(), this.options);
    return this.#child;
  }
  #write(level: "fatal" | "error" | "warn" | "info" | "debug" | "trace", args: unknown[]) {
    if ((this.parent as unknown as Logger).isLevelEnabled(level)) {
      (this.#real()[level] as (...a: unknown[]) => void)(...args);
    }
  }
  fatal(...args: unknown[]) {
    this.#write("fatal", args);
  }
  error(...args: unknown[]) {
    this.#write("error", args);
  }
  warn(...args: unknown[]) {
    this.#write("warn", args);
  }
  info(...args: unknown[]) {
    this.#write("info", args);
  }
  debug(...args: unknown[]) {
    this.#write("debug", args);
  }
  trace(...args: unknown[]) {
    this.#write("trace", args);
  }
  silent() {}
  child(bindings: Record<string, unknown>, options?: object) {
    return this.#real().child(bindings, options);
  }
}

/**
 * The logger of a request answered in front of Fastify (twilio/fast-path.ts), with the request id
 * Fastify would give it: the caller's X-Request-Id, or a fresh one drawn only when something needs
 * it (a line logged, an error answered). The answer of a call that goes well shows no id, so
 * drawing one for every call cost a UUID and its string for nothing.
 */
export class LazyRequestLog extends LazyChildLogger {
  #requestId: string | undefined;
  constructor(parent: FastifyBaseLogger, requestId: string | undefined) {
    super(parent, undefined, undefined);
    this.#requestId = requestId;
  }
  get requestId(): string {
    this.#requestId ??= crypto.randomUUID();
    return this.#requestId;
  }
  protected override bindings() {
    return { reqId: this.requestId };
  }
}

/** Fastify's child-logger factory: `this` is the server, whose `log` is our logger. */
export function requestLogger(
  this: FastifyInstance,
  _: unknown,
  bindings: Record<string, unknown>,
  options: object,
) {
  return this.log.child(bindings, options);
}

export function lazyRequestLogger(
  this: FastifyInstance,
  _: unknown,
  bindings: Record<string, unknown>,
  options: object,
) {
  return new LazyChildLogger(this.log, bindings, options) as unknown as FastifyBaseLogger;
}

/** "request completed" lines for the routes of a scope, as Fastify's own logger writes them. */
export function logRequests(scope: FastifyInstance) {
  scope.addHook("onResponse", async (request, reply) => {
    request.log.info({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  });
}
