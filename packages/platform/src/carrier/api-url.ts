import twilio from "twilio";
import type { CarrierConfig } from "./config";

/** `https://api.twilio.com`, `https://api.sydney.au1.twilio.com`…: the carrier's API hosts. */
const CARRIER_API = /^https:\/\/api(\.[a-z0-9-]+)*\.twilio\.com(?=\/|$)/i;

/** The official client's requests, sent to another base URL than the carrier's (TWILIO_API_URL). */
class ApiUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super();
  }

  override request<TData>(opts: Parameters<twilio.RequestClient["request"]>[0] & { data?: TData }) {
    return super.request({ ...opts, uri: opts.uri.replace(CARRIER_API, this.baseUrl) });
  }
}

/** The request client the carrier's REST API is reached with: another base URL's, or the default. */
export function carrierHttpClient(carrier: CarrierConfig): twilio.RequestClient | undefined {
  return carrier.apiBaseUrl ? new ApiUrlRequestClient(carrier.apiBaseUrl) : undefined;
}
