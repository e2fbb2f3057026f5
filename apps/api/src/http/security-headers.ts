import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** One year, subdomains included: what browsers' preload lists ask for. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * What the carrier's Voice SDK (the console's softphone with a carrier account) reaches from the
 * page: its signalling websocket (wss://voice-js.twilio.com, or voice-js.<edge>.twilio.com), its
 * call-quality events (https://eventgw.twilio.com, or eventgw.<region>.twilio.com), and its ring
 * and dial tones (https://sdk.twilio.com, fetched and played). The audio itself is WebRTC, which
 * the CSP does not govern.
 */
export const VOICE_SDK_CONNECT_SOURCES = ["wss://*.twilio.com", "https://*.twilio.com"] as const;
export const VOICE_SDK_MEDIA_SOURCES = ["https://sdk.twilio.com"] as const;

/**
 * The Content-Security-Policy of every page: scripts only from our own origin, plus the inline
 * scripts whose hashes are given (those of the built index.html); never inline event handlers.
 * Styles may be inline: Mantine writes its CSS variables and responsive styles into <style> tags
 * at run time. No page may be framed.
 */
export function contentSecurityPolicyDirectives(inlineScriptHashes: readonly string[]) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // 'self' covers the live-event websocket of the same origin (and the simulator's softphone).
    connectSrc: ["'self'", ...VOICE_SDK_CONNECT_SOURCES],
    fontSrc: ["'self'", "data:"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    imgSrc: ["'self'", "data:"],
    // The web app manifest and the service worker (/manifest.webmanifest, /sw.js): ours only.
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    // blob: a greeting recorded in the browser, listened to before it is saved (an object URL).
    mediaSrc: ["'self'", "blob:", ...VOICE_SDK_MEDIA_SOURCES],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'", ...inlineScriptHashes],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
  };
}

export interface SecurityHeadersOptions {
  /** CSP sources (`'sha256-…'`) of the inline scripts the served pages hold. */
  inlineScriptHashes: readonly string[];
  /** Where browsers reach us: https there means TLS ends in front of us, at a proxy. */
  publicBaseUrl: string;
}

/**
 * The browser's security headers for every route of `scope` (helmet), with the CSP above, and
 * Strict-Transport-Security only over https: a request that came in over https (directly, or
 * through a trusted proxy), or a deployment whose public address is https.
 */
export async function registerSecurityHeaders(scope: FastifyInstance, options: SecurityHeadersOptions) {
  await scope.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(options.inlineScriptHashes),
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
  });
  const httpsDeployment = new URL(options.publicBaseUrl).protocol === "https:";
  scope.addHook("onRequest", (request, reply, done) => {
    if (httpsDeployment || request.protocol === "https")
      reply.header("strict-transport-security", STRICT_TRANSPORT_SECURITY);
    done();
  });
}
