import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import {
  addVerifiedNumberBodySchema,
  confirmCodeBodySchema,
  sendCodeBodySchema,
  verifiedNumberListSchema,
  verifiedNumberParamsSchema,
  verifiedNumberSchema,
} from "./schemas";

/** Verified numbers: outside numbers the account proved it owns, by a code sent to them. */
export const verifiedNumberEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/verified-numbers",
    summary: "The account's verified numbers, and whether it is an unpaid trial",
    access: "account",
    responses: { 200: verifiedNumberListSchema, ...errors(401, 403) },
  }),
  add: endpoint({
    method: "POST",
    path: "/api/verified-numbers",
    summary: "Add a number to verify and send it a code (200 when it was already waiting for one)",
    access: "account",
    permission: "numbers.verify",
    body: addVerifiedNumberBodySchema,
    responses: {
      200: verifiedNumberSchema,
      201: verifiedNumberSchema,
      ...errors(400, 401, 403, 409, 429, 503),
    },
  }),
  sendCode: endpoint({
    method: "POST",
    path: "/api/verified-numbers/:id/code",
    summary: "Send a new code to a number not verified yet",
    access: "account",
    permission: "numbers.verify",
    params: verifiedNumberParamsSchema,
    body: sendCodeBodySchema,
    responses: { 200: verifiedNumberSchema, ...errors(400, 401, 403, 404, 409, 429, 503) },
  }),
  confirm: endpoint({
    method: "POST",
    path: "/api/verified-numbers/:id/verify",
    summary: "Confirm the code a number received",
    access: "account",
    permission: "numbers.verify",
    params: verifiedNumberParamsSchema,
    body: confirmCodeBodySchema,
    responses: { 200: verifiedNumberSchema, ...errors(400, 401, 403, 404, 409, 429) },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/verified-numbers/:id",
    summary: "Remove a verified number",
    access: "account",
    permission: "numbers.verify",
    params: verifiedNumberParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404) },
  }),
};
