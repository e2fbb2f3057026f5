import { randomUUID } from "node:crypto";
import { type HttpMethod, signedWebhook } from "./signing";
import type { WebhookExchange, WebhookKind } from "./transcript";
import type { WebhookTransport } from "./transport";

export interface WebhookTarget {
  kind: WebhookKind;
  url: string;
  method: HttpMethod;
  params: Record<string, string>;
}

/** A callback waiting to be delivered, with the virtual time of the event it reports. */
export interface PendingCallback extends WebhookTarget {
  at: number;
  /** Same token on every delivery of one event, as the carrier's I-Twilio-Idempotency-Token. */
  idempotencyToken: string;
}

export interface Courier {
  authToken: string;
  transport: WebhookTransport;
}

/** Signs and sends one webhook; an unreachable app becomes status 0 with the error, never a throw. */
export async function sendWebhook(
  courier: Courier,
  target: WebhookTarget,
  meta: { seq: number; at: number; idempotencyToken?: string },
): Promise<WebhookExchange> {
  const request = signedWebhook(courier.authToken, {
    ...target,
    idempotencyToken: meta.idempotencyToken ?? randomUUID(),
  });
  const base = {
    seq: meta.seq,
    at: meta.at,
    kind: target.kind,
    url: request.url,
    method: target.method,
    params: target.params,
    signature: request.headers["x-twilio-signature"] ?? "",
  };
  try {
    const response = await courier.transport(request);
    return { ...base, status: response.status, body: response.body };
  } catch (error) {
    return { ...base, status: 0, body: "", error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * How callbacks reach the app. By default each is delivered once, in the order the events
 * happened. Tests of the app ask for the disorder real networks produce.
 */
export interface CallbackDelivery {
  order?: "in-order" | "reverse" | "shuffle";
  /** Deliver every callback twice (consecutively when in order, anywhere when shuffled). */
  duplicate?: boolean;
  /** Seed of the shuffle, for a reproducible disorder. */
  seed?: number;
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function arrangeCallbacks<T extends { at: number }>(items: T[], delivery: CallbackDelivery = {}): T[] {
  const inOrder = [...items].sort((a, b) => a.at - b.at);
  const doubled = delivery.duplicate ? inOrder.flatMap((item) => [item, item]) : inOrder;
  switch (delivery.order ?? "in-order") {
    case "reverse":
      return doubled.reverse();
    case "shuffle": {
      const random = seededRandom(delivery.seed ?? Math.floor(Math.random() * 2 ** 32));
      const shuffled = [...doubled];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j] as T, shuffled[i] as T];
      }
      return shuffled;
    }
    default:
      return doubled;
  }
}

/** Delivers callbacks one after the other (the app sees them in exactly the arranged order). */
export async function deliverCallbacks(
  courier: Courier,
  pending: PendingCallback[],
  delivery: CallbackDelivery | undefined,
  nextSeq: () => number,
): Promise<WebhookExchange[]> {
  const exchanges: WebhookExchange[] = [];
  for (const callback of arrangeCallbacks(pending, delivery)) {
    exchanges.push(
      await sendWebhook(courier, callback, {
        seq: nextSeq(),
        at: callback.at,
        idempotencyToken: callback.idempotencyToken,
      }),
    );
  }
  return exchanges;
}
