import { z } from "zod";
import { dateInput, line, timestampSchema } from "../common";
import { type ApiScope, apiScopes } from "./scopes";

/** What the console says about API keys, in one place (the web shows the same words). */
export const apiKeyMessages = {
  notFound: "API key not found",
  name: "Give the key a name (at most 100 characters).",
  scopes: "Choose at least one scope.",
  scope: "Not a scope of the public API.",
  expiry: "Enter a date and time in the future.",
  unknownKey: "Invalid API key.",
  expired: "This API key has expired.",
  revoked: "This API key has been revoked.",
  missingKey: "Send an API key: Authorization: Bearer <key>.",
  noCookies: "The public API takes API keys only (Authorization: Bearer), not the console's session.",
  missingScope: (scope: string) => `This API key lacks the scope ${scope}.`,
  tooManyBadKeys: "Too many requests with keys that are not valid from this address: try again later.",
  idempotencyMismatch: "This Idempotency-Key was used with another request: use a new key.",
  idempotencyInProgress: "A request with this Idempotency-Key is still being answered: retry shortly.",
  idempotencyKey: "An Idempotency-Key is 1 to 255 printable characters.",
} as const;

export const API_KEY_NAME_MAX = 100;

export const apiScopeSchema = z.enum(apiScopes as [ApiScope, ...ApiScope[]], { error: apiKeyMessages.scope });

export const apiKeyParamsSchema = z.object({
  id: line(apiKeyMessages.notFound).regex(/^key_[a-z0-9]{1,64}$/, apiKeyMessages.notFound),
});

/** POST /api/api-keys. */
export const createApiKeyBodySchema = z.object({
  name: line(apiKeyMessages.name)
    .trim()
    .min(1, apiKeyMessages.name)
    .max(API_KEY_NAME_MAX, apiKeyMessages.name),
  scopes: z
    .array(apiScopeSchema, { error: apiKeyMessages.scopes })
    .min(1, apiKeyMessages.scopes)
    .max(apiScopes.length)
    .transform((scopes) => [...new Set(scopes)]),
  expiresAt: dateInput({ error: apiKeyMessages.expiry }).nullable().optional(),
});
export type CreateApiKeyBody = z.output<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `pl_live_` and the key's first 8 characters: enough to tell keys apart, useless alone. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  createdAt: timestampSchema,
  createdBy: z.object({ id: z.string(), name: z.string() }),
  expiresAt: timestampSchema.nullable(),
  lastUsedAt: timestampSchema.nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type ApiKey = z.output<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

/** The answer to creating a key: the only time the whole key is shown. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
