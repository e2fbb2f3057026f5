import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import {
  attemptAcceptedSchema,
  callbackBodySchema,
  challengeSchema,
  createWidgetBodySchema,
  embedScriptSchema,
  licensedNumberListSchema,
  listAttemptsQuerySchema,
  publicKeyParamsSchema,
  publicWidgetSchema,
  updateWidgetBodySchema,
  visitorTextBodySchema,
  widgetAttemptListSchema,
  widgetListSchema,
  widgetParamsSchema,
  widgetSchema,
} from "./schemas";

/** Website widgets, as the account manages them in the console. */
export const widgetEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/widgets",
    summary: "The account's website widgets",
    access: "account",
    responses: { 200: widgetListSchema, ...errors(401, 403) },
  }),
  licensedNumbers: endpoint({
    method: "GET",
    path: "/api/widgets/licensed-numbers",
    summary: "The account's numbers a widget may call back or text from",
    access: "account",
    responses: { 200: licensedNumberListSchema, ...errors(401, 403) },
  }),
  embedScript: endpoint({
    method: "GET",
    path: "/api/widgets/embed",
    summary: "The address of the widget script, with its version, for the snippet",
    access: "account",
    responses: { 200: embedScriptSchema, ...errors(401, 403) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/widgets",
    summary: "Add a widget",
    access: "account",
    permission: "widgets.edit",
    body: createWidgetBodySchema,
    responses: { 201: widgetSchema, ...errors(400, 401, 403) },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/widgets/:id",
    summary: "One widget",
    access: "account",
    params: widgetParamsSchema,
    responses: { 200: widgetSchema, ...errors(400, 401, 403, 404) },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/widgets/:id",
    summary: "Change a widget",
    access: "account",
    permission: "widgets.edit",
    params: widgetParamsSchema,
    body: updateWidgetBodySchema,
    responses: { 200: widgetSchema, ...errors(400, 401, 403, 404) },
  }),
  attempts: endpoint({
    method: "GET",
    path: "/api/widgets/:id/attempts",
    summary: "A page of a widget's callback and text attempts, newest first",
    access: "account",
    params: widgetParamsSchema,
    query: listAttemptsQuerySchema,
    responses: { 200: widgetAttemptListSchema, ...errors(400, 401, 403, 404) },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/widgets/:id",
    summary: "Remove a widget",
    access: "account",
    permission: "widgets.edit",
    params: widgetParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404) },
  }),
};

/**
 * What the widget script on a customer's website calls: no session, CORS granted per widget to
 * its own allowed origins (403 for any other).
 */
export const widgetPublicEndpoints = {
  script: endpoint({
    method: "GET",
    path: "/widget/embed.js",
    summary: "The widget script (immutable with the current `?v=`, revalidated by ETag without it)",
    access: "public",
    responses: {
      200: { raw: "text/javascript", description: "The script" },
      304: { raw: "text/javascript", description: "Not modified: the cached script is current" },
    },
  }),
  config: endpoint({
    method: "GET",
    path: "/widget/:publicKey/config",
    summary: "A widget's looks, and whether it is available",
    access: "public",
    params: publicKeyParamsSchema,
    responses: { 200: publicWidgetSchema, ...errors(400, 403, 404) },
  }),
  challenge: endpoint({
    method: "POST",
    path: "/widget/:publicKey/challenge",
    summary: "A proof-of-work challenge to solve before a callback or text",
    access: "public",
    params: publicKeyParamsSchema,
    responses: { 201: challengeSchema, ...errors(400, 403, 404, 429) },
  }),
  callback: endpoint({
    method: "POST",
    path: "/widget/:publicKey/callback",
    summary: "Ask for a call back to the visitor's number",
    access: "public",
    params: publicKeyParamsSchema,
    body: callbackBodySchema,
    responses: { 201: attemptAcceptedSchema, ...errors(400, 403, 404, 409, 429, 503) },
  }),
  text: endpoint({
    method: "POST",
    path: "/widget/:publicKey/text",
    summary: "Send the business a text from the visitor's number",
    access: "public",
    params: publicKeyParamsSchema,
    body: visitorTextBodySchema,
    responses: { 201: attemptAcceptedSchema, ...errors(400, 403, 404, 409, 429, 503) },
  }),
};
