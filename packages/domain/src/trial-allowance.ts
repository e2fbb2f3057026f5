/**
 * The free trial's included usage (seed 000: "Trial: 1 month, no credit card"): minutes of calls
 * and texts the platform pays for while the trial runs, drawn before the prepaid wallet. A minute
 * is a started minute of one call leg as the carrier bills it (an incoming call, a placed call, a
 * forwarded leg: each draws its own); a text is one outbound message, whatever its segments.
 * Incoming texts are free for everyone (the number's fee includes them), so they draw nothing.
 */
export const TRIAL_ALLOWANCE = { minutes: 100, texts: 100 } as const;

/** What is left of the allowance; absent from an account that has none (no trial running). */
export interface AllowanceLeft {
  minutesLeft: number;
  textsLeft: number;
}

/** The allowance left after this much use (never below zero). */
export function allowanceLeft(used: { minutesUsed: number; textsUsed: number }): AllowanceLeft {
  return {
    minutesLeft: Math.max(0, TRIAL_ALLOWANCE.minutes - used.minutesUsed),
    textsLeft: Math.max(0, TRIAL_ALLOWANCE.texts - used.textsUsed),
  };
}

/** Whether the account's trial (and so its allowance) is running at `now`. */
export const trialRunning = (trialEndsAt: Date | null, now: Date) =>
  trialEndsAt !== null && trialEndsAt.getTime() > now.getTime();

export interface AllowanceDraw {
  /** Units taken from the allowance (minutes or texts). */
  drawn: number;
  /** What is left to charge to the wallet, in cents. */
  chargedCents: number;
}

/**
 * A call of `minutes` started minutes priced `priceCents` in all: the allowance pays the first
 * minutes it has, the wallet the rest at the call's own per-minute price.
 */
export function drawCallMinutes(minutesLeft: number, minutes: number, priceCents: number): AllowanceDraw {
  if (minutes <= 0) return { drawn: 0, chargedCents: priceCents };
  const drawn = Math.min(Math.max(0, minutesLeft), minutes);
  const perMinute = priceCents / minutes;
  return { drawn, chargedCents: Math.round(priceCents - drawn * perMinute) };
}

/** A text: free while the allowance has one left, else its price. */
export function drawText(textsLeft: number, priceCents: number): AllowanceDraw {
  return textsLeft > 0 ? { drawn: 1, chargedCents: 0 } : { drawn: 0, chargedCents: priceCents };
}

/**
 * Seconds of a call the allowance pays for: each of its `legs` draws its own minutes, so the
 * call lasts the whole minutes every leg can take.
 */
export function allowanceSeconds(minutesLeft: number, legs: number): number {
  if (legs <= 0 || minutesLeft <= 0) return 0;
  return Math.floor(minutesLeft / legs) * 60;
}
