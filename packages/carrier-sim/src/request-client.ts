/**
 * The official carrier client pointed at the sim: `new twilio.Twilio(sid, token, { httpClient })`
 * with this client sends every API request to the sim instead of the carrier, unchanged otherwise.
 */
import twilio from "twilio";
import type { InjectTarget } from "./transport";

type RequestOptions<TData> = Parameters<InstanceType<typeof twilio.RequestClient>["request"]>[0] & {
  data?: TData;
};
type ClientResponse<TData> = Awaited<ReturnType<InstanceType<typeof twilio.RequestClient>["request"]>> & {
  body: TData;
};

/** `https://api.twilio.com`, `https://api.sydney.au1.twilio.com`…: the carrier's API hosts. */
const CARRIER_API = /^https:\/\/api(\.[a-z0-9-]+)*\.twilio\.com(?=\/|$)/i;

/** `https://numbers.twilio.com`, `https://messaging.twilio.com`…: its other products' hosts. */
const CARRIER_PRODUCT =
  /^https:\/\/(numbers|messaging|trusthub|lookups)(\.[a-z0-9-]+)*\.twilio\.com(?=\/|$)/i;

export interface CarrierSimRequestClientOptions {
  /** Where the sim's plugin is mounted, e.g. `http://127.0.0.1:3000/carrier-sim`. */
  baseUrl: string;
  /** Send requests through `app.inject` instead of the network (tests without a port). */
  inject?: InjectTarget;
  timeout?: number;
}

function formBody(data: unknown): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  return form.toString();
}

/** The carrier's newer products take JSON (the client says so in Content-Type), the API forms. */
function bodyOf(contentType: string, data: unknown): string {
  return contentType.startsWith("application/json") ? JSON.stringify(data) : formBody(data);
}

export class CarrierSimRequestClient extends twilio.RequestClient {
  private readonly baseUrl: string;
  private readonly injectTarget: InjectTarget | undefined;

  constructor(options: CarrierSimRequestClientOptions) {
    super(options.timeout ? { timeout: options.timeout } : {});
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.injectTarget = options.inject;
  }

  /**
   * The URL the sim answers for a carrier URL: the API's at the sim's root, another product's
   * under its host's name (`https://numbers.twilio.com/v1/…` → `<sim>/numbers/v1/…`); other URLs
   * pass unchanged.
   */
  rewrite(uri: string): string {
    return uri
      .replace(CARRIER_API, this.baseUrl)
      .replace(CARRIER_PRODUCT, (_match, product: string) => `${this.baseUrl}/${product.toLowerCase()}`);
  }

  override async request<TData>(opts: RequestOptions<TData>): Promise<ClientResponse<TData>> {
    const uri = this.rewrite(opts.uri);
    if (!this.injectTarget) return super.request({ ...opts, uri }) as Promise<ClientResponse<TData>>;

    const url = new URL(uri);
    if (opts.params) {
      for (const [key, value] of new URLSearchParams(formBody(opts.params)))
        url.searchParams.append(key, value);
    }
    const headers: Record<string, string> = { host: url.host };
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (value !== undefined) headers[name.toLowerCase()] = String(value);
    }
    if (opts.username && opts.password) {
      headers.authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString("base64")}`;
    }
    const method = opts.method.toUpperCase();
    const hasBody = opts.data !== undefined && method !== "GET";
    if (hasBody) headers["content-type"] ??= "application/x-www-form-urlencoded";
    const response = await this.injectTarget.inject({
      method: method as "GET" | "POST" | "DELETE",
      url: url.pathname + url.search,
      headers,
      ...(hasBody ? { payload: bodyOf(headers["content-type"] ?? "", opts.data) } : {}),
    });
    // The client's Version layer parses string bodies as JSON itself.
    return {
      statusCode: response.statusCode,
      body: response.body,
      headers: response.headers,
    } as ClientResponse<TData>;
  }
}
