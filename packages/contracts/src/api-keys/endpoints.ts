import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import { apiKeyListSchema, apiKeyParamsSchema, createApiKeyBodySchema, createdApiKeySchema } from "./schemas";

/** The account's keys to the public API: owners and admins list, create and revoke them. */
export const apiKeyEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/api-keys",
    summary: "The account's API keys, newest first (revoked ones included)",
    access: "account",
    permission: "apiKeys.manage",
    responses: { 200: apiKeyListSchema, ...errors(401, 403) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/api-keys",
    summary: "Create an API key: the answer holds the whole key, shown this once",
    access: "account",
    permission: "apiKeys.manage",
    body: createApiKeyBodySchema,
    responses: { 201: createdApiKeySchema, ...errors(400, 401, 403) },
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/api/api-keys/:id",
    summary: "Revoke an API key: it answers 401 from then on",
    access: "account",
    permission: "apiKeys.manage",
    params: apiKeyParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404) },
  }),
};
