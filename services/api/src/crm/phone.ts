/** Characters a typed phone number may hold besides digits for us to read it as a plain number. */
const PLAIN_NUMBER = /^\+?[\d\s().\-/]+$/;

/**
 * E.164 for a US/CA number typed with 10 digits, or 11 starting with the country code 1
 * ("(555) 123-4567", "1-555-123-4567", "+1 555 123 4567" all give "+15551234567");
 * anything else (other countries, vanity letters, extensions) is kept as typed, trimmed.
 */
export function normalizePhone(typed: string): string {
  const trimmed = typed.trim();
  if (!PLAIN_NUMBER.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  if (digits.length === 10 && !trimmed.startsWith("+")) return `+1${digits}`;
  return trimmed;
}

/** The digits of a search term, when it has enough of them to look for in stored numbers. */
export function phoneDigits(term: string): string | null {
  const digits = term.replace(/\D/g, "");
  return digits.length >= 3 ? digits : null;
}
