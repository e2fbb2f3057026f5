import { randomBytes } from "node:crypto";
import { publishLiveEvent } from "@poundline/platform/events/live";
import { checkVisitorNumber, voicePaths } from "@poundline/telephony";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { loadDestinationPolicy } from "../destinations/policy";
import { AppError } from "../http/errors";
import { createWidgetLimiter, type LimitCheck } from "./abuse-limits";
import { ATTEMPT_DETAILS, recordRefusal } from "./attempts";
import { deliverVisitorText, placeCallback } from "./delivery";
import { embedScriptRoutes } from "./embed-script";
import {
  admitWithinDailyCap,
  findIntakeWidget,
  type IntakeWidget,
  settleAttempt,
  spendChallenge,
} from "./intake";
import { issueChallenge, verifySolution } from "./proof-of-work";
import {
  attemptAcceptedSchema,
  type CallbackBody,
  callbackBodySchema,
  challengeSchema,
  ORIGIN_NOT_ALLOWED_MESSAGE,
  publicKeyParamsSchema,
  publicWidgetSchema,
  VISITOR_MESSAGES,
  visitorTextBodySchema,
  WIDGET_NOT_FOUND_MESSAGE,
} from "./schemas";
import { findPublicWidget } from "./widgets";

const notFound = () => new AppError("NOT_FOUND", WIDGET_NOT_FOUND_MESSAGE);

/**
 * CORS for one widget: true, with the grant, when the request's Origin is one of the widget's
 * allowed origins (so a refusal's body is readable by that site alone). Answers vary by Origin.
 */
function grantOrigin(
  request: FastifyRequest,
  reply: FastifyReply,
  allowedOrigins: readonly string[],
): boolean {
  reply.header("vary", "Origin");
  const origin = request.headers.origin;
  if (!origin || !allowedOrigins.includes(origin)) return false;
  reply.header("access-control-allow-origin", origin);
  return true;
}

const originRefused = () => new AppError("FORBIDDEN", ORIGIN_NOT_ALLOWED_MESSAGE);

const tooMany = (check: Exclude<LimitCheck, { ok: true }>) =>
  new AppError(
    "TOO_MANY_REQUESTS",
    VISITOR_MESSAGES.rateLimited(Math.max(1, Math.ceil(check.retryAfterMs / 60_000))),
  );

/**
 * What the widget script on a customer's website reads and asks for, mounted under /widget.
 * Outside /api: no session, no console origin check. CORS is granted per widget, only to its own
 * allowed origins. A callback or text passes, in order: the origin and a solved proof of work
 * (refused without writing or counting anything: they cost the sender nothing), the challenge
 * spent once, the rate limits (address, widget, account), the visitor's number, the widget's
 * number, the daily cap. Every attempt past the proof of work is logged with its outcome, up to
 * a bound per widget per day (a body of the wrong shape is refused before any of this, unlogged).
 */
export async function widgetPublicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, redis } = fastify.deps;
  const limiter = createWidgetLimiter({ redis, keyPrefix: config.QUEUE_PREFIX });
  // Without a shared secret, challenges are good on this process only (see README).
  const secret = config.WIDGET_CHALLENGE_SECRET ?? randomBytes(32).toString("hex");
  const difficulty = config.WIDGET_POW_DIFFICULTY;

  await app.register(embedScriptRoutes);

  app.get(
    "/:publicKey/config",
    { schema: { params: publicKeyParamsSchema, response: { 200: publicWidgetSchema } } },
    async (request, reply) => {
      const found = await findPublicWidget(request.server.deps.db.db, request.params.publicKey);
      if (!found) throw notFound();
      if (!grantOrigin(request, reply, found.allowedOrigins)) throw originRefused();
      return found.widget;
    },
  );

  // The browser's preflight of the JSON POSTs below: granted to the widget's origins only.
  app.options(
    "/:publicKey/:action",
    {
      schema: { params: publicKeyParamsSchema.extend({ action: z.enum(["challenge", "callback", "text"]) }) },
    },
    async (request, reply) => {
      const widget = await findIntakeWidget(request.server.deps.db.db, request.params.publicKey);
      if (!widget) throw notFound();
      if (!grantOrigin(request, reply, widget.allowedOrigins)) throw originRefused();
      reply.header("access-control-allow-methods", "GET, POST");
      reply.header("access-control-allow-headers", "content-type");
      reply.header("access-control-max-age", "600");
      return reply.status(204).send();
    },
  );

  app.post(
    "/:publicKey/challenge",
    { schema: { params: publicKeyParamsSchema, response: { 201: challengeSchema } } },
    async (request, reply) => {
      const { db, clock } = request.server.deps;
      const widget = await findIntakeWidget(db.db, request.params.publicKey);
      if (!widget) throw notFound();
      if (!grantOrigin(request, reply, widget.allowedOrigins)) throw originRefused();
      const limit = await limiter.challenge(request.ip);
      if (!limit.ok) throw tooMany(limit);
      return reply
        .status(201)
        .send(issueChallenge({ secret, widgetKey: request.params.publicKey, now: clock(), difficulty }));
    },
  );

  /** The checks every callback and text passes; the attempt id once it is admitted. */
  async function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    publicKey: string,
    kind: "call" | "sms",
    body: CallbackBody,
  ): Promise<{
    widget: IntakeWidget & { business: NonNullable<IntakeWidget["business"]> };
    visitor: string;
    attemptId: string;
  }> {
    const { db, clock } = request.server.deps;
    const now = clock();
    const widget = await findIntakeWidget(db.db, publicKey);
    if (!widget) throw notFound();
    const base = {
      widgetId: widget.id,
      accountId: widget.accountId,
      kind,
      origin: request.headers.origin ?? null,
      ip: request.ip,
      visitorNumber: body.visitorNumber,
    };
    /** A refusal once the proof of work is in: logged (within the daily bound), then answered. */
    const refuse = async (
      outcome: "rate_limited" | "challenge_failed" | "invalid_number" | "failed",
      detail: string,
      error: AppError,
    ): Promise<never> => {
      await recordRefusal(db.db, { ...base, outcome, detail }, now);
      throw error;
    };

    // Free for anyone to send, so they write nothing and count against no shared quota: a wrong
    // Origin, and a challenge that is not solved (or forged, expired, another widget's).
    if (!grantOrigin(request, reply, widget.allowedOrigins)) throw originRefused();
    const proof = verifySolution({
      secret,
      widgetKey: publicKey,
      challenge: body.challenge,
      solution: body.solution,
      now,
    });
    if (!proof.ok)
      throw new AppError(
        "BAD_REQUEST",
        proof.reason === "expired" ? VISITOR_MESSAGES.challengeExpired : VISITOR_MESSAGES.challengeFailed,
      );

    // The work is done: now the challenge is spent, and the limits count.
    const expiresAt = new Date(Number(body.challenge.split(".")[1]));
    if (!(await spendChallenge(db.db, widget.id, body.challenge, expiresAt, now)))
      return refuse(
        "challenge_failed",
        "Challenge replayed",
        new AppError("BAD_REQUEST", VISITOR_MESSAGES.challengeReplayed),
      );
    const limit = await limiter.attempt(request.ip, widget.id, widget.accountId);
    if (!limit.ok) return refuse("rate_limited", "Rate limit", tooMany(limit));

    const number = checkVisitorNumber(body.visitorNumber, widget.accountNumbers);
    if (!number.ok)
      return refuse(
        "invalid_number",
        number.message,
        new AppError("BAD_REQUEST", number.message, { "body.visitorNumber": [number.message] }),
      );

    if (widget.type !== "combined" && widget.type !== kind)
      return refuse(
        "failed",
        widget.type === "call" ? "This widget takes callbacks only" : "This widget takes texts only",
        new AppError("BAD_REQUEST", VISITOR_MESSAGES.wrongKind),
      );
    const { business } = widget;
    if (!business)
      return refuse("failed", "No licensed number", new AppError("CONFLICT", VISITOR_MESSAGES.unavailable));

    // An unpaid trial calls only its verified and own numbers, a visitor's as any other: the
    // widget must not be a way around the trial's limit (toll fraud from a free account).
    if (kind === "call") {
      const { trialDialable } = await loadDestinationPolicy(db.db, widget.accountId, now);
      if (trialDialable && !trialDialable.has(number.e164))
        return refuse(
          "failed",
          "Unpaid trial: visitor number not verified",
          new AppError("CONFLICT", VISITOR_MESSAGES.unavailable),
        );
    }

    const admitted = await admitWithinDailyCap(db.db, { ...base, visitorNumber: number.e164 }, now);
    if (!admitted.ok) throw new AppError("TOO_MANY_REQUESTS", VISITOR_MESSAGES.dailyCap);
    return { widget: { ...widget, business }, visitor: number.e164, attemptId: admitted.attemptId };
  }

  /** A visitor endpoint's schema: the widget key, its body, the sentence of an accepted attempt. */
  const attemptRoute = <Body extends z.ZodType>(body: Body) => ({
    schema: { params: publicKeyParamsSchema, body, response: { 201: attemptAcceptedSchema } },
  });

  /** Records what an admitted attempt became and answers the visitor. */
  async function settle(
    request: FastifyRequest,
    reply: FastifyReply,
    attemptId: string,
    result: { ok: boolean; detail: string },
    acceptedMessage: string,
  ) {
    await settleAttempt(request.server.deps.db.db, attemptId, {
      outcome: result.ok ? "accepted" : "failed",
      detail: result.detail,
    });
    if (!result.ok) throw new AppError("NOT_CONFIGURED", VISITOR_MESSAGES.carrierFailed);
    return reply.status(201).send({ message: acceptedMessage });
  }

  app.post("/:publicKey/callback", attemptRoute(callbackBodySchema), async (request, reply) => {
    const { params, body } = request;
    const { widget, visitor, attemptId } = await admit(request, reply, params.publicKey, "call", body);
    const { db, carrierClient, carrier } = request.server.deps;
    const placed = await placeCallback(
      {
        db: db.db,
        carrier: carrierClient,
        webhookBaseUrl: carrier.webhookBaseUrl,
        statusPath: voicePaths.status,
      },
      { accountId: widget.accountId, ...widget.business },
      visitor,
    );
    if (!placed.ok)
      request.log.warn(
        { widgetId: widget.id, reason: placed.reason },
        "widget callback refused by the carrier",
      );
    const result = placed.ok
      ? { ok: true, detail: ATTEMPT_DETAILS.callbackPlaced }
      : { ok: false, detail: `The carrier refused the call: ${placed.reason}` };
    return settle(request, reply, attemptId, result, VISITOR_MESSAGES.callAccepted);
  });

  app.post("/:publicKey/text", attemptRoute(visitorTextBodySchema), async (request, reply) => {
    const { params, body } = request;
    const { widget, visitor, attemptId } = await admit(request, reply, params.publicKey, "sms", body);
    const { db, clock, live } = request.server.deps;
    const delivered = await deliverVisitorText(
      { db: db.db, publish: (accountId, event) => publishLiveEvent(live, request.log, accountId, event) },
      { accountId: widget.accountId, ...widget.business },
      { attemptId, from: visitor, body: body.message, at: clock() },
    );
    const result = delivered.ok
      ? { ok: true, detail: ATTEMPT_DETAILS.textStored(body.message) }
      : { ok: false, detail: ATTEMPT_DETAILS.textNotStored(delivered.reason) };
    return settle(request, reply, attemptId, result, VISITOR_MESSAGES.textAccepted);
  });
}
