import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import {
  createExtensionBodySchema,
  extensionListSchema,
  extensionParamsSchema,
  extensionSchema,
  listExtensionsQuerySchema,
  updateExtensionBodySchema,
} from "./schemas";

/** Extensions: numbers inside the account that ring people, forward or take voicemail. */
export const extensionEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/extensions",
    summary: "The account's extensions, optionally searched by name or number",
    access: "account",
    query: listExtensionsQuerySchema,
    responses: { 200: extensionListSchema, ...errors(400, 401, 403) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/extensions",
    summary: "Add an extension",
    access: "account",
    permission: "extensions.edit",
    body: createExtensionBodySchema,
    responses: { 201: extensionSchema, ...errors(400, 401, 403, 409) },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/extensions/:id",
    summary: "One extension",
    access: "account",
    params: extensionParamsSchema,
    responses: { 200: extensionSchema, ...errors(400, 401, 403, 404) },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/extensions/:id",
    summary: "Change an extension",
    access: "account",
    permission: "extensions.edit",
    params: extensionParamsSchema,
    body: updateExtensionBodySchema,
    responses: { 200: extensionSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/extensions/:id",
    summary: "Remove an extension no menu or rule still uses",
    access: "account",
    permission: "extensions.edit",
    params: extensionParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404, 409) },
  }),
};
