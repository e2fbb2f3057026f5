import type { IncomingMessage, ServerResponse } from "node:http";
import { voicePaths } from "@poundline/telephony";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { type AppError, errorAnswer } from "../http/errors";
import { LazyRequestLog } from "../http/logging";
import { CarrierParams, parseCarrierForm } from "./carrier-params";
import { carrierSignatureRefusal, FORM_TYPE } from "./plugin";
import { incomingCallAnswerer } from "./voice-routes";

const FORM_TYPE_UTF8 = `${FORM_TYPE}; charset=utf-8`;
const TWIML_TYPE = "text/xml";
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The incoming call (POST /twilio/voice, the carrier's hot path) answered in front of Fastify's
 * router, hooks and reply: the same signature check over our public URL (before anything reads the
 * form), typed reader, routing and TwiML as the Fastify route, and errors in the one shape, logged
 * alike. Only the plain case is taken: that exact URL, a form body of a declared length within the
 * body limit; every other request, odd ones included (another content type, chunked, empty, too
 * large, a query string), goes to Fastify, which answers it as before. Tests
 * (test/twilio/fast-path.test.ts) hold both ways to the same status, headers and body.
 *
 * Installed as the server's request listener, in front of Fastify's own; `app.inject` does not
 * pass through it (it calls Fastify directly).
 */
export function installIncomingCallFastPath(app: FastifyInstance, options: { bodyLimit: number }) {
  const { carrier } = app.deps;
  const answer = incomingCallAnswerer(app.deps, app.log);
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

  const answerCall = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    // As Fastify's requestIdHeader and genReqId (app.ts): the caller's id, or a fresh one.
    const header = req.headers["x-request-id"];
    const log = new LazyRequestLog(app.log, typeof header === "string" && header ? header : undefined);
    let form: ReturnType<typeof parseCarrierForm>;
    try {
      form = parseCarrierForm(body);
    } catch (err) {
      // A form that cannot be read (too many fields): as Fastify answers a body parser's error,
      // the connection closed after it.
      const { status, body: error } = errorAnswer(err as AppError, log.requestId, log);
      respond(res, status, JSON_TYPE, JSON.stringify(error), true);
      return;
    }
    try {
      const refusal = carrierSignatureRefusal(
        carrier,
        "POST",
        voicePaths.incoming,
        req.headers["x-twilio-signature"],
        form,
      );
      if (refusal) throw refusal;
      respond(
        res,
        200,
        TWIML_TYPE,
        answer(CarrierParams.of(form, "body"), log as unknown as FastifyBaseLogger),
      );
    } catch (err) {
      const { status, body: error } = errorAnswer(err as AppError, log.requestId, log);
      respond(res, status, JSON_TYPE, JSON.stringify(error));
    }
  };

  const take = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (closing || req.url !== voicePaths.incoming || req.method !== "POST") return false;
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
      answerCall(req, res, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received));
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
