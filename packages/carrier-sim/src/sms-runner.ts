/** Delivers an inbound text to the app and reads the Messaging TwiML it answers with. */
import { type Courier, sendWebhook } from "./delivery";
import type { HttpMethod } from "./signing";
import type { SimError, WebhookExchange } from "./transcript";
import { parseTwiml } from "./twiml";

/** A `<Message>` of the answer: a text the app sends back. */
export interface ReplySpec {
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  /** `<Message action>`: where the carrier reports the reply's status. */
  statusCallback: string | null;
  statusCallbackMethod: HttpMethod;
}

export interface InboundTextSetup {
  url: string;
  method: HttpMethod;
  params: Record<string, string>;
  /** Defaults of a reply: from the number texted, to the texter. */
  replyFrom: string;
  replyTo: string;
  maxRedirects: number;
}

export interface InboundTextResult {
  webhooks: WebhookExchange[];
  replies: ReplySpec[];
  errors: SimError[];
}

function method(value: string | undefined): HttpMethod {
  return value?.toUpperCase() === "GET" ? "GET" : "POST";
}

export async function runInboundText(
  env: Courier & { nextSeq(): number },
  setup: InboundTextSetup,
): Promise<InboundTextResult> {
  const result: InboundTextResult = { webhooks: [], replies: [], errors: [] };
  let target = { kind: "sms" as "sms" | "sms-redirect", url: setup.url, method: setup.method };
  for (let hops = 0; ; hops++) {
    const exchange = await sendWebhook(
      env,
      { ...target, params: setup.params },
      { seq: env.nextSeq(), at: 0 },
    );
    result.webhooks.push(exchange);
    if (exchange.status < 200 || exchange.status >= 300) {
      const detail = exchange.error ?? `HTTP ${exchange.status}`;
      result.errors.push({
        at: 0,
        code: 11200,
        message: `HTTP retrieval failure: ${detail}`,
        url: target.url,
      });
      return result;
    }
    // An empty answer is fine: the app just doesn't reply.
    if (!exchange.body.trim()) return result;
    const parsed = parseTwiml(exchange.body);
    if (!parsed.ok) {
      result.errors.push({
        at: 0,
        code: 12100,
        message: `Document parse failure: ${parsed.error}`,
        url: target.url,
      });
      return result;
    }
    let redirect: typeof target | null = null;
    for (const verb of parsed.response.children) {
      if (verb.name === "Message") {
        const body = verb.children.find((child) => child.name === "Body");
        const resolve = (ref: string) => new URL(ref, target.url).toString();
        result.replies.push({
          from: verb.attributes.from ?? setup.replyFrom,
          to: verb.attributes.to ?? setup.replyTo,
          body: body ? body.text : verb.ownText,
          mediaUrls: verb.children
            .filter((child) => child.name === "Media")
            .map((media) => resolve(media.text)),
          statusCallback: verb.attributes.action ? resolve(verb.attributes.action) : null,
          statusCallbackMethod: method(verb.attributes.method),
        });
      } else if (verb.name === "Redirect") {
        redirect = {
          kind: "sms-redirect",
          url: new URL(verb.text, target.url).toString(),
          method: method(verb.attributes.method),
        };
        break; // verbs after a Redirect are unreachable
      } else {
        result.errors.push({
          at: 0,
          code: 12200,
          message: `unknown Messaging TwiML verb <${verb.name}>`,
          url: target.url,
        });
      }
    }
    if (!redirect) return result;
    if (hops + 1 > setup.maxRedirects) {
      result.errors.push({
        at: 0,
        code: 11200,
        message: `more than ${setup.maxRedirects} redirects`,
        url: redirect.url,
      });
      return result;
    }
    target = redirect;
  }
}
