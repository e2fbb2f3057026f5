import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressRefusal } from "@poundline/domain/webhook-delivery";

/** How a host name resolves: injected in tests (a name that answers 127.0.0.1). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface GuardOptions {
  /** Lets private and loopback addresses through (tests, a local receiver); never in production. */
  allowPrivateAddresses: boolean;
  resolve?: Resolver;
  /** The whole request, connect to last byte read (default 10 s). */
  timeoutMs?: number;
  /** The most of the response read (default 64 KiB); the rest is not waited for. */
  maxResponseBytes?: number;
}

export interface PostOutcome {
  statusCode: number | null;
  /** Why no status came back (refused address, timeout, connection error). */
  error: string | null;
  durationMs: number;
  /** The start of the response body. */
  body: string;
}

export class RefusedAddressError extends Error {}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The socket's lookup: resolves the name, then refuses it when any address it answers is
 * private. It runs at connect time on the address actually connected to, so a name that
 * resolved to a public address when checked and to 127.0.0.1 now (DNS rebinding) is refused.
 */
export function guardedLookup(options: GuardOptions): LookupFunction {
  const resolve = options.resolve ?? systemResolver;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => {
        const refused = options.allowPrivateAddresses
          ? undefined
          : addresses.find((a) => addressRefusal(a.address) !== null);
        if (refused) throw new RefusedAddressError(refusalMessage(hostname, refused.address));
        const first = addresses[0];
        if (!first) throw new Error(`${hostname} did not resolve`);
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((err: Error) => callback(err as NodeJS.ErrnoException, ""));
  };
}

function refusalMessage(host: string, address: string): string {
  return `Refused: ${host} is ${address}, a ${addressRefusal(address)} address`;
}

/**
 * POSTs a webhook: no redirects followed, the destination's address checked at connect time,
 * a timeout on the whole exchange, and at most `maxResponseBytes` of the answer read.
 */
export function guardedPost(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: GuardOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<PostOutcome, "durationMs">): PostOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  const target = new URL(url);
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  // An address written in the URL is connected to without a lookup: judge it here.
  if (isIP(literal) && !options.allowPrivateAddresses && addressRefusal(literal) !== null)
    return Promise.resolve(done({ statusCode: null, error: refusalMessage(literal, literal), body: "" }));
  return new Promise((resolve) => {
    const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(target, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options),
      agent: false,
    });
    const timer = setTimeout(
      () => request.destroy(new Error("Timed out")),
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const finish = (outcome: Omit<PostOutcome, "durationMs">) => {
      clearTimeout(timer);
      resolve(done(outcome));
    };
    request.on("error", (err) => finish({ statusCode: null, error: err.message, body: "" }));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const settle = () => {
        const text = Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8");
        finish({ statusCode: response.statusCode ?? null, error: null, body: text });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        read += chunk.length;
        if (read >= maxBytes) {
          response.destroy();
          settle();
        }
      });
      response.on("end", settle);
      response.on("error", settle);
    });
    request.end(body);
  });
}
