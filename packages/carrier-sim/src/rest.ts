/**
 * The carrier's REST side as a Fastify plugin: the requests the app makes (send a text, place a
 * call, end it, fetch them, download a recording), validated against the carrier's OpenAPI description
 * and answered in the carrier's shapes. Mount it under any prefix; the sim's publicBaseUrl must
 * point at that prefix.
 */
import { timingSafeEqual } from "node:crypto";
import type { ErrorObject } from "ajv";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { RecordingFormat } from "./audio";
import { conferenceRoutes } from "./conference-routes";
import { controlError, controlRoutes, type NumberScope } from "./control";
import { numberRoutes } from "./number-routes";
import {
  createSpecValidators,
  DESCRIPTION_HOSTS,
  loadCarrierSpec,
  type OperationId,
  type SpecValidators,
} from "./openapi";
import { toE164 } from "./phone";
import { portingRoutes } from "./porting-routes";
import { messagingRoutes, trustHubRoutes } from "./registration-routes";
import { regulatoryRoutes } from "./regulatory-routes";
import {
  callResource,
  messageResource,
  onePage,
  recordingResource,
  transcriptionResource,
} from "./resources";
import type { CarrierSim } from "./sim";
import type { CallProgressEvent } from "./status-callbacks";
import { tollfreeRoutes } from "./tollfree-routes";
import type { Redirect } from "./twiml-runner";

export interface CarrierSimPluginOptions {
  sim: CarrierSim;
  /**
   * The carrier's OpenAPI description: a file path, or validators already built. Default: the
   * description in shared/ beside the repository, else the subset bundled with the sim.
   */
  openapi?: string | SpecValidators;
  /** Guards the control endpoints (`/sim/*`); the REST side has the carrier's own Basic auth. */
  guard?: onRequestHookHandler | onRequestHookHandler[];
  /** The numbers each caller of the control endpoints may use (see `ControlRoutesOptions`). */
  scope?: (request: FastifyRequest) => NumberScope | Promise<NumberScope>;
  /** The host names the control endpoints answer to (see `ControlRoutesOptions`). */
  allowedHosts?: readonly string[];
  /** False: the carrier's REST paths only, no control endpoints (`/sim/*`) at all. Default true. */
  control?: boolean;
}

/** The carrier's error body. */
export interface CarrierErrorBody {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

export function carrierError(reply: FastifyReply, status: number, code: number, message: string) {
  const body: CarrierErrorBody = {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  };
  return reply.code(status).type("application/json").send(body);
}

type Refusal = [code: number, message: string];
export type FormBody = Record<string, string | string[]>;

/** The carrier's codes for a missing parameter, per operation. */
const MISSING: Partial<Record<OperationId, Record<string, Refusal>>> = {
  createMessage: { To: [21604, "A 'To' phone number is required."] },
  createCall: {
    To: [21201, "No 'To' number is specified"],
    From: [21213, "No 'From' number is specified"],
  },
};

/** The carrier's codes for a parameter of the wrong shape, per operation. */
const INVALID: Partial<Record<OperationId, Record<string, (value: string) => Refusal>>> = {
  createMessage: {
    To: (value) => [21211, `Invalid 'To' Phone Number: ${value}`],
    From: (value) => [21212, `Invalid From Number (caller ID): ${value}`],
    StatusCallback: (value) => [21609, `Invalid StatusCallback url: ${value}`],
    MediaUrl: () => [21620, "Invalid media URL(s)"],
  },
  createCall: {
    To: (value) => [21217, `Phone number does not appear to be valid: ${value}`],
    From: (value) => [21212, `Invalid From Number (caller ID): ${value}`],
    Url: (value) => [21205, `Url is not a valid URL: ${value}`],
    StatusCallback: (value) => [21609, `Invalid StatusCallback url: ${value}`],
    Twiml: () => [12100, "Twiml is not a valid TwiML document"],
  },
};

function refusalOf(operation: OperationId, errors: ErrorObject[], body: FormBody): Refusal {
  // A missing parameter says more than a malformed one: report it first.
  const missing = errors.find((error) => error.keyword === "required");
  if (missing) {
    const name = String(missing.params.missingProperty);
    return MISSING[operation]?.[name] ?? [20001, `Missing required parameter ${name} in the post body`];
  }
  const error = errors[0];
  const name = error?.instancePath.split("/")[1] ?? "";
  const value = body[name];
  const invalid = INVALID[operation]?.[name];
  if (invalid) return invalid(Array.isArray(value) ? value.join(", ") : String(value ?? ""));
  return [20001, `Invalid parameter ${name}: ${error?.message ?? "does not match the schema"}`];
}

function parseForm(body: string): FormBody {
  const form: FormBody = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = form[key];
    // Pushed, not copied: a name repeated n times costs n, not n².
    if (existing === undefined) form[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else form[key] = [existing, value];
  }
  return form;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `SM….json` → the SID, when the file name is a SID of that prefix with that extension. */
export function sidOf(
  file: string,
  prefix: RegExp,
  extensions: string[],
): { sid: string; extension: string } | null {
  const match = /^([A-Z]{2}[0-9a-f]{32})(?:\.(\w+))?$/i.exec(file);
  if (!match?.[1] || !prefix.test(match[1])) return null;
  const extension = match[2]?.toLowerCase() ?? "";
  return extensions.includes(extension) ? { sid: match[1], extension } : null;
}

async function restRoutes(app: FastifyInstance, options: { sim: CarrierSim; validators: SpecValidators }) {
  const { sim, validators } = options;

  // The carrier takes form bodies; our parser keeps repeated keys (StatusCallbackEvent, MediaUrl).
  app.removeContentTypeParser("application/x-www-form-urlencoded");
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, parseForm(String(body)));
    },
  );

  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return carrierError(
      reply,
      status,
      status === 500 ? 20500 : 20001,
      error.message ?? "Internal Server Error",
    );
  });
  // The carrier's paths answer in the carrier's shape (its clients read it); the rest of the
  // sim's paths in the shape of the API around it.
  const carrierPaths = [
    `${app.prefix}/2010-04-01/`,
    ...new Set(
      Object.values(DESCRIPTION_HOSTS)
        .filter(Boolean)
        .map((host) => `${app.prefix}${host}/`),
    ),
  ];
  app.setNotFoundHandler((request, reply) =>
    carrierPaths.some((path) => request.url.startsWith(path))
      ? carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`)
      : reply.code(404).send(controlError(request, 404, `Route ${request.method} ${request.url} not found`)),
  );

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? "";
    const decoded = header.startsWith("Basic ") ? Buffer.from(header.slice(6), "base64").toString() : "";
    const colon = decoded.indexOf(":");
    const user = colon >= 0 ? decoded.slice(0, colon) : "";
    const password = colon >= 0 ? decoded.slice(colon + 1) : "";
    if (!sameSecret(user, sim.accountSid) || !sameSecret(password, sim.authToken)) {
      reply.header("www-authenticate", 'Basic realm="Twilio API"');
      return carrierError(reply, 401, 20003, "Authenticate");
    }
    const { AccountSid } = request.params as { AccountSid?: string };
    if (AccountSid !== undefined && AccountSid !== sim.accountSid) {
      return carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
    }
  };

  /** Validates a form body against the operation's request schema; answers 400 and returns null if bad. */
  const validBody = (
    operation: OperationId,
    request: FastifyRequest,
    reply: FastifyReply,
  ): FormBody | null => {
    const body: FormBody = { ...((request.body as FormBody | undefined) ?? {}) };
    const validate = validators.request(operation);
    if (validate(body)) return body;
    const [code, message] = refusalOf(operation, validate.errors ?? [], body);
    carrierError(reply, 400, code, message);
    return null;
  };

  /** Validates the query against the operation's parameters; answers 400 and returns null if bad. */
  const validQuery = (operation: OperationId, request: FastifyRequest, reply: FastifyReply) => {
    const raw = { ...(request.query as Record<string, string>) };
    const coerced: Record<string, unknown> = { ...raw };
    const validate = validators.query(operation);
    if (validate(coerced)) return raw;
    const error = validate.errors?.[0];
    const name = error?.instancePath.split("/")[1] ?? String(error?.params.additionalProperty ?? "");
    carrierError(
      reply,
      400,
      20001,
      `Invalid parameter ${name}: ${error?.message ?? "does not match the schema"}`,
    );
    return null;
  };

  await numberRoutes(app, { sim, validQuery, authenticate, validBody });
  await conferenceRoutes(app, { sim, authenticate, validBody });
  // The carrier's other products, each under its host's name (DESCRIPTION_HOSTS).
  const product = { sim, authenticate, validQuery, validBody };
  await app.register(portingRoutes, { prefix: DESCRIPTION_HOSTS.numbers_v1, ...product });
  await app.register(regulatoryRoutes, { prefix: DESCRIPTION_HOSTS.numbers_v2, ...product });
  await app.register(tollfreeRoutes, { prefix: DESCRIPTION_HOSTS.messaging_v1, ...product });
  await app.register(messagingRoutes, { prefix: DESCRIPTION_HOSTS.messaging_v1, ...product });
  await app.register(trustHubRoutes, { prefix: DESCRIPTION_HOSTS.trusthub_v1, ...product });

  const owns = async (number: string) => (await sim.resolveNumber(number))?.phoneNumber === number;
  const requireOwnedFrom = sim.requireOwnedFrom;

  app.post(
    "/2010-04-01/Accounts/:AccountSid/Messages.json",
    { onRequest: authenticate },
    async (request, reply) => {
      const body = validBody("createMessage", request, reply);
      if (!body) return reply;
      const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : undefined);
      const to = text("To") ?? "";
      const from = text("From");
      const mediaUrls = (body.MediaUrl as string[] | undefined) ?? [];
      const messageBody = text("Body") ?? "";
      if (!from) {
        return text("MessagingServiceSid")
          ? carrierError(reply, 400, 21701, "Messaging Services are not simulated by carrier-sim: send From")
          : carrierError(reply, 400, 21603, "A 'From' phone number is required.");
      }
      if (!messageBody && mediaUrls.length === 0)
        return carrierError(reply, 400, 21602, "Message body is required.");
      if (messageBody.length > 1600) {
        return carrierError(
          reply,
          400,
          21617,
          "The concatenated message body exceeds the 1600 character limit.",
        );
      }
      const fromE164 = toE164(from);
      if (fromE164 === toE164(to)) {
        return carrierError(reply, 400, 21266, "'To' and 'From' number cannot be the same");
      }
      if (requireOwnedFrom && !(await owns(fromE164))) {
        return carrierError(
          reply,
          400,
          21606,
          `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
        );
      }
      const message = await sim.createMessage({
        from,
        to,
        body: messageBody,
        mediaUrls,
        ...(text("StatusCallback") ? { statusCallback: text("StatusCallback") } : {}),
      });
      return reply.code(201).send(messageResource(sim.accountPath, sim.accountSid, message));
    },
  );

  app.post(
    "/2010-04-01/Accounts/:AccountSid/Calls.json",
    { onRequest: authenticate },
    async (request, reply) => {
      const body = validBody("createCall", request, reply);
      if (!body) return reply;
      const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : undefined);
      const url = text("Url");
      const twiml = text("Twiml");
      if (!url && !twiml) {
        return text("ApplicationSid")
          ? carrierError(
              reply,
              400,
              21205,
              "TwiML Applications are not simulated by carrier-sim: send Url or Twiml",
            )
          : carrierError(reply, 400, 21205, "Either Url, Twiml or ApplicationSid must be specified.");
      }
      const from = toE164(text("From") ?? "");
      if (requireOwnedFrom && !(await owns(from))) {
        return carrierError(
          reply,
          400,
          21210,
          `The source phone number provided, ${from}, is not yet verified for your account. You may only make calls from phone numbers that you've verified or purchased from Twilio.`,
        );
      }
      const events = ((body.StatusCallbackEvent as string[] | undefined) ?? []).filter(
        (event): event is CallProgressEvent =>
          ["initiated", "ringing", "answered", "completed"].includes(event),
      );
      const call = await sim.createCall({
        from,
        to: text("To") ?? "",
        ...(url ? { url, method: text("Method")?.toUpperCase() === "GET" ? "GET" : "POST" } : { twiml }),
        ...(text("StatusCallback")
          ? {
              statusCallback: text("StatusCallback"),
              statusCallbackMethod: text("StatusCallbackMethod")?.toUpperCase() === "GET" ? "GET" : "POST",
              statusCallbackEvents: events,
            }
          : {}),
        ...(typeof body.Timeout === "number" ? { timeout: body.Timeout } : {}),
        ...(typeof body.TimeLimit === "number" ? { timeLimit: body.TimeLimit } : {}),
      });
      return reply.code(201).send(callResource(sim.accountPath, sim.accountSid, call));
    },
  );

  app.get(
    "/2010-04-01/Accounts/:AccountSid/Messages/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const found = sidOf(file, /^(SM|MM)/, ["json"]);
      const message = found && sim.message(found.sid);
      if (!message)
        return carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
      return messageResource(sim.accountPath, sim.accountSid, message);
    },
  );

  // The calls the app asks for: by parent (a Dial's legs) and status, newest first, one page.
  app.get(
    "/2010-04-01/Accounts/:AccountSid/Calls.json",
    { onRequest: authenticate },
    async (request, reply) => {
      const query = validQuery("listCall", request, reply);
      if (!query) return reply;
      const pageSize = Math.min(Number(query.PageSize ?? 50) || 50, 1000);
      const calls = sim
        .calls()
        .filter(
          (call) =>
            (!query.ParentCallSid || call.parentCallSid === query.ParentCallSid) &&
            (!query.Status || call.status === query.Status) &&
            (!query.To || call.to === query.To) &&
            (!query.From || call.from === query.From),
        )
        .reverse()
        .slice(0, pageSize);
      const found = calls.map((call) => callResource(sim.accountPath, sim.accountSid, call));
      return onePage("calls", found, `${sim.publicBaseUrl}${sim.accountPath}/Calls.json`, pageSize);
    },
  );

  app.get(
    "/2010-04-01/Accounts/:AccountSid/Calls/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const found = sidOf(file, /^CA/, ["json"]);
      const call = found && sim.call(found.sid);
      if (!call)
        return carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
      return callResource(sim.accountPath, sim.accountSid, call);
    },
  );

  // Ending a call (Status), or redirecting one in progress to new TwiML (Url or Twiml).
  app.post(
    "/2010-04-01/Accounts/:AccountSid/Calls/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const found = sidOf(file, /^CA/, ["json"]);
      if (!found || !sim.call(found.sid))
        return carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
      const body = validBody("updateCall", request, reply);
      if (!body) return reply;
      const redirect = redirectOf(body);
      const status = body.Status;
      if (!redirect && status !== "canceled" && status !== "completed") {
        return carrierError(reply, 400, 20001, "Nothing to update: send Url, Twiml or Status");
      }
      const update =
        status === "canceled" || status === "completed"
          ? sim.updateCall(found.sid, status)
          : sim.redirectCall(found.sid, redirect as Redirect);
      if (update.outcome !== "updated") {
        return update.outcome === "ended"
          ? carrierError(reply, 400, 21220, "Call is not in-progress. Cannot redirect.")
          : carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
      }
      return callResource(sim.accountPath, sim.accountSid, update.call);
    },
  );

  // Real-time transcription of a call: both tracks (or one), its events to StatusCallbackUrl.
  app.post(
    "/2010-04-01/Accounts/:AccountSid/Calls/:CallSid/Transcriptions.json",
    { onRequest: authenticate },
    async (request, reply) => {
      const { CallSid } = request.params as { CallSid: string };
      const notFound = () =>
        carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
      if (!/^CA[0-9a-f]{32}$/i.test(CallSid)) return notFound();
      const body = validBody("createRealtimeTranscription", request, reply);
      if (!body) return reply;
      const one = (name: string) => {
        const value = body[name];
        return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
      };
      const started = sim.startTranscription(CallSid, {
        name: one("Name"),
        statusCallbackUrl: one("StatusCallbackUrl"),
        method: one("StatusCallbackMethod")?.toUpperCase() === "GET" ? "GET" : "POST",
        languageCode: one("LanguageCode") ?? "en-US",
      });
      if (started.outcome !== "started")
        return started.outcome === "not-found"
          ? notFound()
          : carrierError(reply, 409, 20409, "A transcription is already running on this call");
      return transcriptionResource(sim.accountPath, sim.accountSid, started.transcription);
    },
  );

  // Recording media is public, as the carrier serves it unless media auth is turned on; metadata is not.
  app.get("/2010-04-01/Accounts/:AccountSid/Recordings/:file", async (request, reply) => {
    const { file } = request.params as { file: string };
    const found = sidOf(file, /^RE/, ["", "wav", "mp3", "json"]);
    if (found?.extension === "json") {
      await authenticate(request, reply);
      if (reply.sent) return reply;
    }
    const { AccountSid } = request.params as { AccountSid: string };
    const recording = found && AccountSid === sim.accountSid ? sim.recording(found.sid) : undefined;
    if (!found || !recording) {
      return carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
    }
    if (found.extension === "json") {
      return recordingResource(sim.accountPath, sim.accountSid, sim.recordingUrl(recording.sid), recording);
    }
    const format: RecordingFormat = found.extension === "mp3" ? "mp3" : "wav";
    return reply
      .type(format === "mp3" ? "audio/mpeg" : "audio/x-wav")
      .send(sim.recordingAudio(recording.sid, format));
  });

  // Deleting a recording: its media and metadata are gone from then on (404).
  app.delete(
    "/2010-04-01/Accounts/:AccountSid/Recordings/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const found = sidOf(file, /^RE/, ["json"]);
      if (!found || !sim.deleteRecording(found.sid))
        return carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
      return reply.code(204).send();
    },
  );
}

/** The carrier's REST API and the sim's control endpoints, for `app.register(carrierSimPlugin, { prefix, sim })`. */
export async function carrierSimPlugin(
  app: FastifyInstance,
  options: CarrierSimPluginOptions,
): Promise<void> {
  const validators =
    typeof options.openapi === "object"
      ? options.openapi
      : createSpecValidators(loadCarrierSpec(options.openapi));
  await app.register(restRoutes, { sim: options.sim, validators });
  if (options.control === false) return;
  await app.register(controlRoutes, {
    sim: options.sim,
    ...(options.guard ? { guard: options.guard } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  });
}

/** The new instructions of a call update: inline TwiML first, as the carrier takes it, else a URL. */
function redirectOf(body: Record<string, unknown>): Redirect | null {
  if (typeof body.Twiml === "string") return { twiml: body.Twiml };
  if (typeof body.Url !== "string") return null;
  return { url: body.Url, method: String(body.Method ?? "POST").toUpperCase() === "GET" ? "GET" : "POST" };
}
