import { randomBytes } from "node:crypto";
import { AppError } from "@poundline/contracts/errors";
import {
  type CallbackBody,
  ORIGIN_NOT_ALLOWED_MESSAGE,
  VISITOR_MESSAGES,
} from "@poundline/contracts/widgets/schemas";
import { checkVisitorNumber } from "@poundline/domain";
import { loadDestinationPolicy } from "@poundline/modules/destinations/policy";
import {
  createWidgetLimiter,
  type LimitCheck,
  type WidgetLimiter,
} from "@poundline/modules/widgets/abuse-limits";
import { recordRefusal } from "@poundline/modules/widgets/attempts";
import {
  admitWithinDailyCap,
  findIntakeWidget,
  type IntakeWidget,
  settleAttempt,
  spendChallenge,
} from "@poundline/modules/widgets/intake";
import { verifySolution } from "@poundline/modules/widgets/proof-of-work";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { widgetNotFound } from "../shared";

/** What the visitor endpoints of one app share: the rate limits and the proof of work's secret. */
export interface WidgetIntake {
  limiter: WidgetLimiter;
  secret: string;
  difficulty: number;
}

const INTAKE = "widgetIntake";

/** Decorates the /widget scope with its intake, read by its handlers through `intakeOf`. */
export function decorateIntake(scope: FastifyInstance) {
  const { config, redis } = scope.deps;
  const intake: WidgetIntake = {
    limiter: createWidgetLimiter({ redis, keyPrefix: config.QUEUE_PREFIX }),
    // Without a shared secret, challenges are good on this process only (docs/configuration.md).
    secret: config.WIDGET_CHALLENGE_SECRET ?? randomBytes(32).toString("hex"),
    difficulty: config.WIDGET_POW_DIFFICULTY,
  };
  scope.decorate(INTAKE, intake);
}

export const intakeOf = (request: FastifyRequest) => request.server.getDecorator<WidgetIntake>(INTAKE);

/**
 * CORS for one widget: true, with the grant, when the request's Origin is one of the widget's
 * allowed origins (so a refusal's body is readable by that site alone). Answers vary by Origin.
 */
export function grantOrigin(
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

export const originRefused = () => new AppError("FORBIDDEN", ORIGIN_NOT_ALLOWED_MESSAGE);

export const tooMany = (check: Exclude<LimitCheck, { ok: true }>) =>
  new AppError(
    "TOO_MANY_REQUESTS",
    VISITOR_MESSAGES.rateLimited(Math.max(1, Math.ceil(check.retryAfterMs / 60_000))),
  );

type Kind = "call" | "sms";

/** The attempt on a found widget, and how a refusal of it is logged (within the daily bound) then answered. */
async function openAttempt(request: FastifyRequest, publicKey: string, kind: Kind, body: CallbackBody) {
  const { db, clock } = request.server.deps;
  const now = clock();
  const widget = await findIntakeWidget(db.db, publicKey);
  if (!widget) throw widgetNotFound();
  const base = {
    widgetId: widget.id,
    accountId: widget.accountId,
    kind,
    origin: request.headers.origin ?? null,
    ip: request.ip,
    visitorNumber: body.visitorNumber,
  };
  const refuse = async (
    outcome: "rate_limited" | "challenge_failed" | "invalid_number" | "failed",
    detail: string,
    error: AppError,
  ): Promise<never> => {
    await recordRefusal(db.db, { ...base, outcome, detail }, now);
    throw error;
  };
  return { widget, base, now, refuse };
}

type Attempt = Awaited<ReturnType<typeof openAttempt>>;

/** The origin and the proof of work, then (the work done) the challenge spent and the rate limits. */
async function checkProofAndLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  publicKey: string,
  body: CallbackBody,
  { widget, now, refuse }: Attempt,
) {
  const { secret, limiter } = intakeOf(request);
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
  if (!(await spendChallenge(request.server.deps.db.db, widget.id, body.challenge, expiresAt, now)))
    return refuse(
      "challenge_failed",
      "Challenge replayed",
      new AppError("BAD_REQUEST", VISITOR_MESSAGES.challengeReplayed),
    );
  const limit = await limiter.attempt(request.ip, widget.id, widget.accountId);
  if (!limit.ok) return refuse("rate_limited", "Rate limit", tooMany(limit));
}

/** The visitor's number, the widget's kind and number, and an unpaid trial's limit on calls. */
async function checkVisitor(request: FastifyRequest, kind: Kind, body: CallbackBody, attempt: Attempt) {
  const { widget, now, refuse } = attempt;
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
    const { trialDialable } = await loadDestinationPolicy(request.server.deps.db.db, widget.accountId, now);
    if (trialDialable && !trialDialable.has(number.e164))
      return refuse(
        "failed",
        "Unpaid trial: visitor number not verified",
        new AppError("CONFLICT", VISITOR_MESSAGES.unavailable),
      );
  }
  return { visitor: number.e164, business };
}

/**
 * The checks every callback and text passes, in order: the origin and a solved proof of work
 * (refused without writing or counting anything: they cost the sender nothing), the challenge
 * spent once, the rate limits (address, widget, account), the visitor's number, the widget's
 * number, the daily cap. Every attempt past the proof of work is logged with its outcome, up to
 * a bound per widget per day. The attempt id once it is admitted.
 */
export async function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  publicKey: string,
  kind: Kind,
  body: CallbackBody,
): Promise<{
  widget: IntakeWidget & { business: NonNullable<IntakeWidget["business"]> };
  visitor: string;
  attemptId: string;
}> {
  const attempt = await openAttempt(request, publicKey, kind, body);
  await checkProofAndLimits(request, reply, publicKey, body, attempt);
  const { visitor, business } = await checkVisitor(request, kind, body, attempt);
  const { db } = request.server.deps;
  const admitted = await admitWithinDailyCap(db.db, { ...attempt.base, visitorNumber: visitor }, attempt.now);
  if (!admitted.ok) throw new AppError("TOO_MANY_REQUESTS", VISITOR_MESSAGES.dailyCap);
  return { widget: { ...attempt.widget, business }, visitor, attemptId: admitted.attemptId };
}

/** Records what an admitted attempt became and answers the visitor. */
export async function settle(
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
