import { createHash } from "node:crypto";
import { apiKeyMessages } from "@poundline/contracts/api-keys/schemas";
import { AppError } from "@poundline/contracts/errors";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from "@poundline/modules/api-keys/idempotency";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed: its answer is kept when it is sent. */
    claimedIdempotencyKey: string | null;
  }
}

const HEADER = "idempotency-key";
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function requestHash(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[HEADER];
  if (value === undefined) return null;
  if (typeof value !== "string" || !KEY_PATTERN.test(value))
    throw new AppError("BAD_REQUEST", apiKeyMessages.idempotencyKey, {
      [`headers.${HEADER}`]: [apiKeyMessages.idempotencyKey],
    });
  return value;
}

/** Before the handler of a POST with an Idempotency-Key: claim it, or answer from its first request. */
async function claimOrReplay(request: FastifyRequest, reply: FastifyReply) {
  request.claimedIdempotencyKey = null;
  if (request.method !== "POST") return;
  const key = idempotencyKeyOf(request);
  const accountId = request.auth?.account?.id;
  if (!key || !accountId) return;
  const { db, clock } = request.server.deps;
  const claim = await claimIdempotencyKey(db.db, accountId, key, requestHash(request), clock());
  switch (claim.state) {
    case "claimed":
      request.claimedIdempotencyKey = key;
      return;
    case "mismatch":
      throw new AppError("CONFLICT", apiKeyMessages.idempotencyMismatch);
    case "in-progress":
      throw new AppError("CONFLICT", apiKeyMessages.idempotencyInProgress);
    case "replay":
      // The first answer as it was sent (already serialized): no handler, no work.
      reply.header("idempotent-replayed", "true").type("application/json; charset=utf-8");
      return reply.status(claim.status).send(JSON.stringify(claim.body));
  }
}

/** After the claiming request's answer: keep it, or free the key when we failed (5xx). */
async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const key = request.claimedIdempotencyKey;
  const accountId = request.auth?.account?.id;
  if (!key || !accountId) return payload;
  request.claimedIdempotencyKey = null;
  const { db } = request.server.deps;
  const json = String(reply.getHeader("content-type") ?? "").includes("json");
  if (reply.statusCode >= 500 || typeof payload !== "string" || (payload !== "" && !json))
    await releaseIdempotencyKey(db.db, accountId, key);
  else
    await completeIdempotencyKey(db.db, accountId, key, {
      status: reply.statusCode,
      body: payload === "" ? null : JSON.parse(payload),
    });
  return payload;
}

/** `Idempotency-Key` on every POST of the scope: the same key and body answer the first answer. */
export function installIdempotency(scope: FastifyInstance) {
  scope.decorateRequest("claimedIdempotencyKey", null);
  scope.addHook("preHandler", claimOrReplay);
  scope.addHook("onSend", keepAnswer);
}
