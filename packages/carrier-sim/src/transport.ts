import type { WebhookRequest } from "./signing";

export interface WebhookResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How webhooks reach the app: real HTTP by default, `app.inject` in tests. */
export type WebhookTransport = (request: WebhookRequest) => Promise<WebhookResponse>;

/** The carrier gives up on a webhook after 15 seconds. */
const CARRIER_TIMEOUT_MS = 15_000;

export function fetchTransport(options: { timeoutMs?: number } = {}): WebhookTransport {
  return async (request) => {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.method === "POST" ? { body: request.body } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? CARRIER_TIMEOUT_MS),
    });
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: await response.text(),
    };
  };
}

/** The part of a Fastify instance `injectTransport` needs. */
export interface InjectTarget {
  inject(options: {
    method: "GET" | "POST" | "DELETE";
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }): PromiseLike<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
}

/** Delivers webhooks through `app.inject`: no port, same signature (the Host header keeps the URL's host). */
export function injectTransport(app: InjectTarget): WebhookTransport {
  return async (request) => {
    const url = new URL(request.url);
    const response = await app.inject({
      method: request.method,
      url: url.pathname + url.search,
      headers: { ...request.headers, host: url.host },
      ...(request.method === "POST" ? { payload: request.body } : {}),
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    return { status: response.statusCode, headers, body: response.body };
  };
}
