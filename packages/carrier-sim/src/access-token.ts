/**
 * The carrier's access tokens, read as its signalling servers read them: an HS256 JWT signed with
 * an API key's secret (`iss` the key's sid, `sub` the account), holding the client identity and a
 * voice grant. The sim verifies what the `twilio` package's AccessToken signs.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface VoiceGrantClaims {
  identity: string;
  /** The TwiML application outgoing calls go through (null: the token places no calls). */
  outgoingApplicationSid: string | null;
  incomingAllow: boolean;
  expiresAt: Date;
}

export type TokenCheck = { ok: true; claims: VoiceGrantClaims } | { ok: false; reason: string };

interface Payload {
  iss?: unknown;
  sub?: unknown;
  exp?: unknown;
  grants?: {
    identity?: unknown;
    voice?: { incoming?: { allow?: unknown }; outgoing?: { application_sid?: unknown } };
  };
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

function signatureMatches(signed: string, signature: string, secret: string): boolean {
  const expected = createHmac("sha256", secret).update(signed).digest();
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Checks a token against the account's API keys (`keySecret` answers a key sid's secret, or null
 * for a key the account does not have) at `now`.
 */
export function verifyAccessToken(
  jwt: string,
  accountSid: string,
  keySecret: (keySid: string) => string | null,
  now: Date,
): TokenCheck {
  const [header, body, signature, ...rest] = jwt.split(".");
  if (!header || !body || !signature || rest.length > 0) return { ok: false, reason: "malformed token" };
  const head = decodeJson(header) as { alg?: unknown } | null;
  const payload = decodeJson(body) as Payload | null;
  if (head?.alg !== "HS256" || !payload) return { ok: false, reason: "malformed token" };
  const secret = typeof payload.iss === "string" ? keySecret(payload.iss) : null;
  if (!secret || !signatureMatches(`${header}.${body}`, signature, secret))
    return { ok: false, reason: "invalid signature" };
  if (payload.sub !== accountSid) return { ok: false, reason: "token of another account" };
  if (typeof payload.exp !== "number" || payload.exp * 1000 <= now.getTime())
    return { ok: false, reason: "token expired" };
  const identity = payload.grants?.identity;
  const voice = payload.grants?.voice;
  if (typeof identity !== "string" || !identity || !voice) return { ok: false, reason: "no voice grant" };
  const app = voice.outgoing?.application_sid;
  return {
    ok: true,
    claims: {
      identity,
      outgoingApplicationSid: typeof app === "string" ? app : null,
      incomingAllow: voice.incoming?.allow === true,
      expiresAt: new Date(payload.exp * 1000),
    },
  };
}
