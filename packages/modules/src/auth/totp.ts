import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: SHA-1, 30-second
 * steps, 6 digits. The time is a parameter (the app's clock), not read here, so tests fix it.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after are accepted too: phones' clocks drift, people type slowly. */
const ALLOWED_DRIFT_STEPS = 1;
const TOTP_ISSUER = "Poundline";

/** A new 160-bit key (RFC 4226's recommended length), base32 as apps show and store it. */
export function newTotpKey(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32UpperCaseNoPadding(bytes);
}

/** The key's bytes, or null when the text is not a base32 key of at least 128 bits. */
export function totpKeyBytes(key: string): Uint8Array | null {
  if (!/^[A-Z2-7]{26,64}$/.test(key)) return null;
  try {
    return decodeBase32IgnorePadding(key);
  } catch {
    return null;
  }
}

/** The code an authenticator app shows at `at`. */
export function totpCode(key: Uint8Array, at: Date): string {
  return generateHOTP(key, stepAt(at), TOTP_DIGITS);
}

/** Whether `code` is the key's code at `at`, or one step either side. */
export function verifyTotp(key: Uint8Array, code: string, at: Date): boolean {
  return matchingTotpStep(key, code, at, null) !== null;
}

/**
 * The step whose code `code` is (at `at`, or one step either side), provided it comes after
 * `lastUsedStep`: a code accepted once is refused after (RFC 6238 §5.2), and so is any older one.
 * Null when no step matches.
 */
export function matchingTotpStep(
  key: Uint8Array,
  code: string,
  at: Date,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const step = stepAt(at);
  let matched: number | null = null;
  // Every candidate is computed and compared, so the time taken says nothing about which matched.
  for (let drift = -ALLOWED_DRIFT_STEPS; drift <= ALLOWED_DRIFT_STEPS; drift++) {
    const candidate = step + BigInt(drift);
    const fresh = lastUsedStep === null || candidate > BigInt(lastUsedStep);
    if (constantTimeEqual(generateHOTP(key, candidate, TOTP_DIGITS), code) && fresh)
      matched = Number(candidate);
  }
  return matched;
}

/** The otpauth:// URI the QR code holds. */
export function totpKeyUri(accountName: string, key: Uint8Array): string {
  return createTOTPKeyURI(TOTP_ISSUER, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

function stepAt(at: Date): bigint {
  return BigInt(Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS));
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
