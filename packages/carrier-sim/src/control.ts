/**
 * The sim's own endpoints, for people and the CLI: place a call or send a text to the app and
 * get the transcript back; list what the app sent. The embedding app guards them, and may confine
 * each caller to some of its numbers.
 */
import { Ajv, type ErrorObject } from "ajv";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import type { CallbackDelivery } from "./delivery";
import { portingControlRoutes } from "./porting-control";
import { carrierStatusOf, registrationList } from "./registration-routes";
import { registrationsOf } from "./registrations";
import { renderCallTranscript, renderTextTranscript } from "./render";
import { type CarrierSim, CarrierSimError, type PlaceCallRequest, type SendTextRequest } from "./sim";
import { tollfreeVerificationResource } from "./tollfree-routes";
import type { ReviewDecision } from "./tollfree-verifications";
import type { DialScript } from "./twiml-runner";

/** The app's numbers a caller may call and text, and read the texts and calls of: all, or these. */
export type NumberScope = "all" | { has(e164: string): boolean };

export interface ControlRoutesOptions {
  sim: CarrierSim;
  guard?: onRequestHookHandler | onRequestHookHandler[];
  /**
   * The caller's numbers, decided once per request after the guard (it may throw to refuse).
   * A number outside them answers 404 like a number nobody answers. Default: all.
   */
  scope?: (request: FastifyRequest) => NumberScope | Promise<NumberScope>;
  /**
   * Host names the control endpoints answer to (the Host header, port aside); any other is 403
   * before the guard, so a web page on another name that resolves here (DNS rebinding) cannot
   * drive them. Default: any.
   */
  allowedHosts?: readonly string[];
}

/** The Host header's name without its port (`[::1]` keeps its brackets), lower-cased; null when absent or malformed. */
export function hostNameOf(host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
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

/** What a party says once bridged (the carrier's real-time transcription hears it). */
const says = {
  type: "array",
  maxItems: 100,
  items: {
    type: "object",
    required: ["at", "text"],
    additionalProperties: false,
    properties: { at: { type: "number", minimum: 0 }, text: { type: "string", maxLength: 1000 } },
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
          // Stays on the line until the call moves or ends (a phone the app may redirect).
          staysOn: { type: "boolean" },
          says,
        },
      },
    },
    recordSeconds: { type: "number", minimum: 0, maximum: 3600 },
    recordEnd: { type: "string" },
    transcriptionText: { type: "string" },
    says,
    callbacks,
    json: { type: "boolean" },
    ...location,
  },
} as const;

const reviewBody = {
  oneOf: [
    {
      type: "object",
      required: ["decision"],
      additionalProperties: false,
      properties: { decision: { const: "approve" } },
    },
    {
      type: "object",
      required: ["decision", "reason"],
      additionalProperties: false,
      properties: {
        decision: { const: "reject" },
        reason: { type: "string", minLength: 1, maxLength: 500 },
        errorCode: { type: "integer" },
      },
    },
  ],
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

/** What the sim's control endpoints answer on error: the one shape of the API around the sim. */
export interface ControlErrorBody {
  error: { code: string; message: string; requestId: string; fields?: Record<string, string[]> };
}

const CODE_BY_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

const KNOWN_CODES = new Set(Object.values(CODE_BY_STATUS));

export function controlError(
  request: FastifyRequest,
  status: number,
  message: string,
  code = CODE_BY_STATUS[status] ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST"),
  fields?: Record<string, string[]>,
): ControlErrorBody {
  return { error: { code, message, requestId: String(request.id), ...(fields ? { fields } : {}) } };
}

/** Ajv's errors by field (`body.to`), as the API reports a 400. */
function fieldsOf(context: string | undefined, errors: ErrorObject[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    const path = [
      context,
      ...error.instancePath.split("/").filter(Boolean),
      params.missingProperty ?? params.additionalProperty,
    ]
      .filter(Boolean)
      .join(".");
    const message =
      error.keyword === "additionalProperties" ? "is not a known field" : (error.message ?? "is invalid");
    fields[path || "_"] = [...(fields[path || "_"] ?? []), message];
  }
  return fields;
}

/** A reviewer's decision on a submitted regulatory bundle. */
const bundleReviewBody = {
  type: "object",
  required: ["decision"],
  additionalProperties: false,
  properties: {
    decision: { enum: ["approve", "reject"] },
    reason: { type: "string", maxLength: 500 },
  },
} as const;
interface ReviewBody {
  decision: "approve" | "reject";
  reason?: string;
}

interface ThrownError {
  statusCode?: number;
  code?: unknown;
  message?: string;
  validation?: ErrorObject[];
  validationContext?: string;
  fields?: Record<string, string[]>;
}

/** A reviewer's answer on a customer profile (BU), brand (BN) or campaign (QE). */
const decisionBody = {
  type: "object",
  required: ["decision"],
  additionalProperties: false,
  properties: {
    decision: { enum: ["approve", "reject"] },
    reason: { type: "string", minLength: 1, maxLength: 500 },
  },
} as const;

interface DecisionBody {
  decision: "approve" | "reject";
  reason?: string;
}

export async function controlRoutes(app: FastifyInstance, options: ControlRoutesOptions): Promise<void> {
  const { sim } = options;
  // Plain JSON schemas here, whatever validator the embedding app set for its own routes.
  const ajv = new Ajv({ allErrors: false, coerceTypes: false });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  const allowedHosts = options.allowedHosts
    ? new Set(options.allowedHosts.map((h) => h.toLowerCase()))
    : null;
  if (allowedHosts)
    app.addHook("onRequest", async (request, reply) => {
      const name = hostNameOf(request.headers.host);
      if (name && allowedHosts.has(name)) return;
      return reply
        .code(403)
        .send(controlError(request, 403, "The carrier simulator does not answer on this host"));
    });
  for (const guard of [options.guard ?? []].flat()) app.addHook("onRequest", guard);
  const scopes = new WeakMap<FastifyRequest, NumberScope>();
  const scopeOf = options.scope;
  if (scopeOf) app.addHook("onRequest", async (request) => void scopes.set(request, await scopeOf(request)));
  const scope = (request: FastifyRequest): NumberScope => scopes.get(request) ?? "all";

  /** Refuses a number outside the caller's scope exactly as a number nobody answers. */
  const requireInScope = async (request: FastifyRequest, dialled: string) => {
    const numbers = scope(request);
    if (numbers === "all") return;
    const called = await sim.resolveNumber(dialled);
    if (!called || !numbers.has(called.phoneNumber))
      throw new CarrierSimError("unknown-number", `No number answers to ${dialled}`);
  };

  app.setErrorHandler((error: ThrownError, request, reply) => {
    if (error instanceof CarrierSimError) {
      return reply.code(404).send(controlError(request, 404, error.message));
    }
    if (error.validation) {
      const fields = fieldsOf(error.validationContext, error.validation);
      return reply
        .code(400)
        .send(controlError(request, 400, error.message ?? "bad request", "BAD_REQUEST", fields));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, "carrier-sim control endpoint failed");
      return reply.code(500).send(controlError(request, 500, "carrier-sim failed"));
    }
    // The embedding app's own errors (its guard's) keep their code and field messages; the
    // framework's (FST_ERR_…) are named by their status.
    const code = typeof error.code === "string" && KNOWN_CODES.has(error.code) ? error.code : undefined;
    return reply
      .code(status)
      .send(controlError(request, status, error.message ?? "bad request", code, error.fields));
  });

  app.post<{ Body: CallBody }>("/sim/calls", { schema: { body: callBody } }, async (request, reply) => {
    const { json, press, ...rest } = request.body;
    await requireInScope(request, rest.to);
    const transcript = await sim.placeCall({
      ...rest,
      ...(press !== undefined ? { press: typeof press === "string" ? press.split(",") : press } : {}),
    });
    if (json === false)
      return reply.type("text/plain; charset=utf-8").send(`${renderCallTranscript(transcript)}\n`);
    return transcript;
  });

  // What the carrier's reviewers have before them; a customer's session sees none of it.
  app.get("/sim/registrations", async (request) => (scope(request) === "all" ? registrationList(sim) : []));

  app.post<{ Params: { sid: string }; Body: DecisionBody }>(
    "/sim/registrations/:sid",
    { schema: { body: decisionBody } },
    async (request) => {
      const { decision, reason } = request.body;
      // The carrier's reviewer, not a customer: callers confined to their numbers see no registration.
      const decided =
        scope(request) === "all" &&
        registrationsOf(sim).decide(
          request.params.sid,
          decision === "approve"
            ? { approved: true }
            : { approved: false, reason: reason ?? "Rejected by review" },
        );
      if (!decided) throw new CarrierSimError("unknown-number", `No registration ${request.params.sid}`);
      return { sid: request.params.sid, status: carrierStatusOf(sim, request.params.sid) };
    },
  );

  app.post<{ Body: TextBody }>("/sim/texts", { schema: { body: textBody } }, async (request, reply) => {
    const { json, ...rest } = request.body;
    await requireInScope(request, rest.to);
    const transcript = await sim.sendText(rest);
    if (json === false)
      return reply.type("text/plain; charset=utf-8").send(`${renderTextTranscript(transcript)}\n`);
    return transcript;
  });

  app.get("/sim/calls", async (request) => {
    const numbers = scope(request);
    return sim
      .calls()
      .filter((call) => numbers === "all" || numbers.has(call.direction === "inbound" ? call.to : call.from))
      .map(({ transcript, ...call }) => ({
        ...call,
        ended: transcript?.ended ?? null,
        // The calls its <Dial>s placed (a bridge's second leg): whom, with which caller ID, how it went.
        legs:
          transcript?.dials.flatMap((dial) =>
            dial.legs.map((leg) => ({ target: leg.target, callerId: dial.callerId, status: leg.status })),
          ) ?? [],
      }));
  });

  app.get("/sim/tollfree-verifications", async (request) => {
    const numbers = scope(request);
    return sim.tollfreeVerifications
      .list()
      .filter((v) => numbers === "all" || numbers.has(v.phoneNumber))
      .map((v) => tollfreeVerificationResource(sim, v));
  });

  // A person at the carrier decides a toll-free verification (its status otherwise waits in review).
  app.post<{ Params: { sid: string }; Body: ReviewDecision }>(
    "/sim/tollfree-verifications/:sid/review",
    { schema: { body: reviewBody } },
    async (request, reply) => {
      const verification = sim.tollfreeVerifications.get(request.params.sid);
      const numbers = scope(request);
      // Outside the caller's numbers it answers as a verification nobody has.
      if (!verification || (numbers !== "all" && !numbers.has(verification.phoneNumber)))
        return reply.code(404).send(controlError(request, 404, "No such toll-free verification"));
      if (!sim.tollfreeVerifications.review(verification, request.body))
        return reply.code(409).send(controlError(request, 409, "The verification is already decided"));
      return tollfreeVerificationResource(sim, verification);
    },
  );

  app.get("/sim/bundles", async (request, reply) => {
    if (scope(request) !== "all")
      return reply
        .code(403)
        .send(controlError(request, 403, "Only the carrier's reviewer sees every bundle"));
    return [...sim.regulatory.bundles.values()].map((bundle) => ({
      sid: bundle.sid,
      friendlyName: bundle.friendlyName,
      status: sim.bundleStatus(bundle),
    }));
  });

  // The carrier's reviewer: only the CLI or this machine ("all"), never a customer reviewing their own bundle.
  app.post<{ Params: { sid: string }; Body: ReviewBody }>(
    "/sim/bundles/:sid/review",
    { schema: { body: bundleReviewBody } },
    async (request, reply) => {
      if (scope(request) !== "all")
        return reply
          .code(403)
          .send(controlError(request, 403, "Only the carrier's reviewer decides on bundles"));
      const { decision, reason } = request.body;
      const bundle = sim.decideBundle(request.params.sid, decision, reason ?? null);
      if (!bundle)
        return reply.code(404).send(controlError(request, 404, "No submitted bundle has this sid"));
      return { sid: bundle.sid, status: sim.bundleStatus(bundle) };
    },
  );
  portingControlRoutes(app, sim, scope);

  app.get("/sim/messages", async (request) => {
    const numbers = scope(request);
    return sim.sentMessages().filter((message) => numbers === "all" || numbers.has(message.from));
  });
}
