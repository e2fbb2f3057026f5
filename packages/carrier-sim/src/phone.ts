/**
 * Phone numbers as the carrier accepts them: E.164, the usual national spellings
 * ("(305) 555-1234", "305.555.1234", "1-305-555-1234"), short codes, and channel
 * addresses ("whatsapp:+1…").
 */
const CHANNEL = /^(whatsapp|messenger|rcs):/i;
const SPELLED = /^\+?[\d\s().-]+$/;

export function isPhoneNumber(value: string): boolean {
  const bare = value.trim().replace(CHANNEL, "");
  if (!SPELLED.test(bare)) return false;
  const digits = bare.replace(/\D/g, "");
  if (/^\d{5,6}$/.test(bare)) return true; // short code
  if (bare.startsWith("+")) return /^[1-9]\d{6,14}$/.test(digits);
  return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
}

/** Call endpoints also take Client identities and SIP addresses. */
export function isEndpoint(value: string): boolean {
  return /^(client:[\w.@-]+|sip:\S+@\S+)$/i.test(value.trim()) || isPhoneNumber(value);
}

/** E.164 for a phone number in any accepted spelling (NANP when no country code); other input as given. */
export function toE164(value: string): string {
  const trimmed = value.trim();
  if (!isPhoneNumber(trimmed) || CHANNEL.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11) return `+${digits}`;
  return digits; // short code
}

/** `(305) 555-1234` for NANP numbers, as the carrier's `*_formatted` fields show them. */
export function formatNational(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
