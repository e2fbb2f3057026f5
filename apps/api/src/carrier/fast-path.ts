import type { IncomingMessage, ServerResponse } from "node:http";
import { EMPTY_TWIML, voicePaths } from "@poundline/domain";
import { CarrierParams, parseCarrierForm } from "@poundline/modules/carrier/carrier-params";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { type AppError, errorAnswer } from "../http/errors";
import { LazyRequestLog } from "../http/logging";
import { callStatusAnswerer, incomingCallAnswerer } from "../routes/carrier/voice-routes";
import { carrierSignatureRefusal, FORM_TYPE } from "./plugin";

const FORM_TYPE_UTF8 = `${FORM_TYPE}; charset=utf-8`;
/** The webhooks answered here: the incoming call, and call progress (every call's status callbacks). */
type FastPath = typeof voicePaths.incoming | typeof voicePaths.status;
const TWIML_TYPE = "text/xml";
const JSON_TYPE = "application/json; charset=utf-8";

type Answer = (params: CarrierParams, log: FastifyBaseLogger) => string | Promise<string>;

/** The TwiML of each path the fast path answers, by the functions of the Fastify routes. */
function fastAnswers(app: FastifyInstance): Record<FastPath, Answer> {
  const answerStatus = callStatusAnswerer(app.deps, app.log);
  return {
    [voicePaths.incoming]: incomingCallAnswerer(app.deps, app.log),
    [voicePaths.status]: async (params, log) => {
      await answerStatus(params, log);
      return EMPTY_TWIML;
    },
  };
}

/**
 * The incoming call (POST /twilio/voice, the carrier's hot path) and call progress (POST
 * /twilio/voice/status, every call's status callbacks: what charging starts from) answered in
 * front of Fastify's router, hooks and reply: the same signature check over our public URL
 * (before anything reads the form), typed reader, work and TwiML as the Fastify routes, and
 * errors in the one shape, logged alike. Only the plain case is taken: that exact URL, a form body of a declared length within the
 * body limit; every other request, odd ones included (another content type, chunked, empty, too
 * large, a query string), goes to Fastify, which answers it as before. Tests
 * (test/twilio/fast-path.test.ts) hold both ways to the same status, headers and body.
 *
 * Installed as the server's request listener, in front of Fastify's own; `app.inject` does not
 * pass through it (it calls Fastify directly).
 */
export function installIncomingCallFastPath(app: FastifyInstance, options: { bodyLimit: number }) {
  const { carrier } = app.deps;
  const answers = fastAnswers(app);
  const server = app.server;
  const [fastify] = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!fastify || server.listenerCount("request") !== 1)
    throw new Error("expected Fastify's request listener");
  let closing = false;
  // Fastify answers 503 to requests that arrive while it closes: leave those to it.
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });

  const respond = (res: ServerResponse, status: number, type: string, payload: string, close = false) => {
    // A flat list: Node writes it as it is, where an object's names are walked and checked one by one.
    const headers = ["content-type", type, "content-length", String(Buffer.byteLength(payload))];
    if (close) headers.push("connection", "close");
    res.writeHead(status, headers);
    res.end(payload);
    app.deps.webhookStats.record("twilio", status);
  };

  const failed = (res: ServerResponse, log: LazyRequestLog, err: unknown, close = false) => {
    const { status, body: error } = errorAnswer(err as AppError, log.requestId, log);
    respond(res, status, JSON_TYPE, JSON.stringify(error), close);
  };

  /** One webhook of `answers`: the form read, the signature checked, then its answer (TwiML). */
  const answerForm = (req: IncomingMessage, res: ServerResponse, path: FastPath, body: Buffer) => {
    // As Fastify's requestIdHeader and genReqId (app.ts): the caller's id, or a fresh one.
    const header = req.headers["x-request-id"];
    const log = new LazyRequestLog(app.log, typeof header === "string" && header ? header : undefined);
    let form: ReturnType<typeof parseCarrierForm>;
    try {
      form = parseCarrierForm(body);
    } catch (err) {
      // A form that cannot be read (too many fields): as Fastify answers a body parser's error,
      // the connection closed after it.
      failed(res, log, err, true);
      return;
    }
    try {
      const refusal = carrierSignatureRefusal(carrier, "POST", path, req.headers["x-twilio-signature"], form);
      if (refusal) throw refusal;
      const answer = answers[path](CarrierParams.of(form, "body"), log as unknown as FastifyBaseLogger);
      if (typeof answer === "string") respond(res, 200, TWIML_TYPE, answer);
      else answer.then((twiml) => respond(res, 200, TWIML_TYPE, twiml)).catch((err) => failed(res, log, err));
    } catch (err) {
      failed(res, log, err);
    }
  };

  const take = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = req.url;
    if (closing || (path !== voicePaths.incoming && path !== voicePaths.status) || req.method !== "POST")
      return false;
    const { headers } = req;
    const type = headers["content-type"];
    if ((type !== FORM_TYPE && type !== FORM_TYPE_UTF8) || headers["transfer-encoding"] !== undefined)
      return false;
    const length = Number(headers["content-length"]);
    if (!(length > 0 && length <= options.bodyLimit)) return false;
    const chunks: Buffer[] = [];
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    req.on("end", () => {
      answerForm(
        req,
        res,
        path,
        chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received),
      );
    });
    // A connection that breaks mid-body: nothing to answer.
    req.on("error", () => res.destroy());
    return true;
  };

  server.removeListener("request", fastify);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!take(req, res)) fastify(req, res);
  });
}
