/**
 * The sim's own endpoints, for people and the CLI: place a call or send a text to the app and
 * get the transcript back; list what the app sent. The embedding app guards them.
 */
import { Ajv } from "ajv";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { CallbackDelivery } from "./delivery";
import { renderCallTranscript, renderTextTranscript } from "./render";
import { type CarrierSim, CarrierSimError, type PlaceCallRequest, type SendTextRequest } from "./sim";
import type { DialScript } from "./twiml-runner";

export interface ControlRoutesOptions {
  sim: CarrierSim;
  guard?: onRequestHookHandler | onRequestHookHandler[];
}

const location = {
  fromState: { type: "string" },
  fromCountry: { type: "string" },
  fromCity: { type: "string" },
  fromZip: { type: "string" },
} as const;

const callbacks = {
  type: "object",
  additionalProperties: false,
  properties: {
    order: { enum: ["in-order", "reverse", "shuffle"] },
    duplicate: { type: "boolean" },
    seed: { type: "integer" },
  },
} as const;

const callBody = {
  type: "object",
  required: ["from", "to"],
  additionalProperties: false,
  properties: {
    from: { type: "string", minLength: 1 },
    to: { type: "string", minLength: 1 },
    // An array, or the CLI's comma-separated string ("1,,2": an empty entry is a timeout).
    press: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "string" }] },
    dial: {
      type: "object",
      additionalProperties: {
        type: "object",
        required: ["outcome"],
        additionalProperties: false,
        properties: {
          outcome: { enum: ["answer", "busy", "no-answer", "failed"] },
          ringSeconds: { type: "number", minimum: 0 },
          talkSeconds: { type: "number", minimum: 0 },
        },
      },
    },
    recordSeconds: { type: "number", minimum: 0, maximum: 3600 },
    recordEnd: { type: "string" },
    transcriptionText: { type: "string" },
    callbacks,
    json: { type: "boolean" },
    ...location,
  },
} as const;

const textBody = {
  type: "object",
  required: ["from", "to", "body"],
  additionalProperties: false,
  properties: {
    from: { type: "string", minLength: 1 },
    to: { type: "string", minLength: 1 },
    body: { type: "string" },
    mediaUrls: { type: "array", items: { type: "string", minLength: 1 } },
    callbacks,
    json: { type: "boolean" },
    ...location,
  },
} as const;

interface CallBody extends Omit<PlaceCallRequest, "press" | "dial"> {
  press?: string[] | string;
  dial?: Record<string, DialScript>;
  json?: boolean;
}

interface TextBody extends SendTextRequest {
  json?: boolean;
  callbacks?: CallbackDelivery;
}

/** The error shape of the API around the sim: `{ error: { code, message } }`. */
function controlError(code: string, message: string) {
  return { error: { code, message } };
}

export async function controlRoutes(app: FastifyInstance, options: ControlRoutesOptions): Promise<void> {
  const { sim } = options;
  // Plain JSON schemas here, whatever validator the embedding app set for its own routes.
  const ajv = new Ajv({ allErrors: false, coerceTypes: false });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  for (const guard of [options.guard ?? []].flat()) app.addHook("onRequest", guard);

  app.setErrorHandler(
    (error: { statusCode?: number; validation?: unknown; message?: string }, _request, reply) => {
      if (error instanceof CarrierSimError) {
        return reply.code(404).send(controlError(error.code.replaceAll("-", "_"), error.message));
      }
      if (error.validation)
        return reply.code(400).send(controlError("bad_request", error.message ?? "bad request"));
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      const message = status === 500 ? "carrier-sim failed" : (error.message ?? "bad request");
      return reply.code(status).send(controlError(status === 500 ? "internal" : "bad_request", message));
    },
  );

  app.post<{ Body: CallBody }>("/sim/calls", { schema: { body: callBody } }, async (request, reply) => {
    const { json, press, ...rest } = request.body;
    const transcript = await sim.placeCall({
      ...rest,
      ...(press !== undefined ? { press: typeof press === "string" ? press.split(",") : press } : {}),
    });
    if (json === false)
      return reply.type("text/plain; charset=utf-8").send(`${renderCallTranscript(transcript)}\n`);
    return transcript;
  });

  app.post<{ Body: TextBody }>("/sim/texts", { schema: { body: textBody } }, async (request, reply) => {
    const { json, ...rest } = request.body;
    const transcript = await sim.sendText(rest);
    if (json === false)
      return reply.type("text/plain; charset=utf-8").send(`${renderTextTranscript(transcript)}\n`);
    return transcript;
  });

  app.get("/sim/calls", async () =>
    sim.calls().map(({ transcript, ...call }) => ({ ...call, ended: transcript?.ended ?? null })),
  );

  app.get("/sim/messages", async () => sim.sentMessages());
}
