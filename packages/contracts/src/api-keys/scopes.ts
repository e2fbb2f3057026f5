/**
 * What an API key may reach: read or write, per context of the public API. Pure (no zod): the
 * web's scope checkboxes and the server's bearer guard read the same list.
 */
export const apiContexts = [
  "calls",
  "messages",
  "contacts",
  "numbers",
  "routing",
  "voicemails",
  "recordings",
  "webhooks",
] as const;

export type ApiContext = (typeof apiContexts)[number];

export const apiAccesses = ["read", "write"] as const;
export type ApiAccess = (typeof apiAccesses)[number];

export type ApiScope = `${ApiContext}:${ApiAccess}`;

export const apiScopes: readonly ApiScope[] = apiContexts.flatMap((context) =>
  apiAccesses.map((access): ApiScope => `${context}:${access}`),
);

/** GET reads; anything else writes. */
export function scopeFor(context: ApiContext, method: string): ApiScope {
  return `${context}:${method === "GET" ? "read" : "write"}`;
}

/** What the public API serves a console path at: `/api/contacts/:id` -> `/v1/contacts/:id`. */
export const publicPathOf = (consolePath: string): string => consolePath.replace(/^\/api\//, "/v1/");
