import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import {
  addBlockedCallerBodySchema,
  blockedCallerParamsSchema,
  blockedCallerSchema,
  blockingRulesSchema,
  callBlockingQuerySchema,
  callBlockingSchema,
} from "./schemas";

/** Unwanted callers: the block list and the rules for withheld and unverified callers. */
export const callBlockingEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/call-blocking",
    summary: "The account's blocking rules and blocked numbers and prefixes",
    description:
      "`list` is what a caller on the list gets; `withheld` (no caller ID) and `unverified` (the carrier's caller-ID verification failed: `StirVerstat` `TN-Validation-Failed-*` or `No-TN-Validation`) are `allow` or an action. Actions: `reject` (the call is rejected unanswered and costs nothing), `voicemail`, `screen` (the caller must press 1 to be put through).",
    access: "account",
    publicApi: { scope: "routing" },
    query: callBlockingQuerySchema,
    responses: { 200: callBlockingSchema, ...errors(400, 401, 403) },
  }),
  updateRules: endpoint({
    method: "PUT",
    path: "/api/call-blocking/rules",
    summary: "Change the blocking rules",
    access: "account",
    publicApi: { scope: "routing" },
    permission: "calls.block",
    body: blockingRulesSchema,
    responses: { 200: blockingRulesSchema, ...errors(400, 401, 403) },
  }),
  add: endpoint({
    method: "POST",
    path: "/api/call-blocking/entries",
    summary: "Block a number or a prefix",
    description: "409 when the number or prefix is already on the list.",
    access: "account",
    publicApi: { scope: "routing" },
    permission: "calls.block",
    body: addBlockedCallerBodySchema,
    responses: { 201: blockedCallerSchema, ...errors(400, 401, 403, 409) },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/call-blocking/entries/:id",
    summary: "Unblock a number or a prefix",
    access: "account",
    publicApi: { scope: "routing" },
    permission: "calls.block",
    params: blockedCallerParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404) },
  }),
};
