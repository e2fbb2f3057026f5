import twilio from "twilio";

export { softphoneIdentity } from "@poundline/domain/members";

const { AccessToken } = twilio.jwt;
const { VoiceGrant } = AccessToken;

/** How long a softphone's token lasts; the console renews it before then. */
export const SOFTPHONE_TOKEN_TTL_SECONDS = 3600;

/** What signs a softphone's tokens: the carrier's API key, or the simulator's stand-in. */
export interface SoftphoneKeys {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** The TwiML application the device's outgoing calls go through. */
  twimlAppSid: string;
}

export interface IssuedToken {
  token: string;
  identity: string;
  expiresAt: Date;
}

/** An access token with a voice grant: incoming calls to the identity, outgoing through the app. */
export function issueSoftphoneToken(
  keys: SoftphoneKeys,
  identity: string,
  ttlSeconds = SOFTPHONE_TOKEN_TTL_SECONDS,
): IssuedToken {
  const token = new AccessToken(keys.accountSid, keys.apiKeySid, keys.apiKeySecret, {
    identity,
    ttl: ttlSeconds,
  });
  token.addGrant(new VoiceGrant({ incomingAllow: true, outgoingApplicationSid: keys.twimlAppSid }));
  const jwt = token.toJwt();
  return { token: jwt, identity, expiresAt: new Date(expiryOf(jwt) * 1000) };
}

/** The `exp` claim of a JWT we just signed (seconds since the epoch). */
function expiryOf(jwt: string): number {
  const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as {
    exp: number;
  };
  return payload.exp;
}

/** The simulator's stand-ins for the carrier's API key and TwiML application: not secrets. */
export const SIM_SOFTPHONE = {
  apiKeySid: "SKc0ffee00000000000000000000000000",
  twimlAppSid: "APc0ffee00000000000000000000000000",
} as const;

interface SoftphoneSettings {
  TWILIO_API_KEY_SID?: string | undefined;
  TWILIO_API_KEY_SECRET?: string | undefined;
  TWILIO_TWIML_APP_SID?: string | undefined;
}

/**
 * What signs the softphone's tokens: the configured API key with a carrier account (null when it
 * is not configured), or, on the simulator, its account signed with its own per-process token.
 */
export function softphoneKeysOf(
  carrier: { mode: "twilio" | "simulator"; accountSid: string; authToken: string },
  settings: SoftphoneSettings,
): SoftphoneKeys | null {
  if (carrier.mode === "simulator")
    return { accountSid: carrier.accountSid, apiKeySecret: carrier.authToken, ...SIM_SOFTPHONE };
  const { TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET, TWILIO_TWIML_APP_SID } = settings;
  if (!TWILIO_API_KEY_SID || !TWILIO_API_KEY_SECRET || !TWILIO_TWIML_APP_SID) return null;
  return {
    accountSid: carrier.accountSid,
    apiKeySid: TWILIO_API_KEY_SID,
    apiKeySecret: TWILIO_API_KEY_SECRET,
    twimlAppSid: TWILIO_TWIML_APP_SID,
  };
}
