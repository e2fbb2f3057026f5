import { creditWallet, schema } from "@poundline/db";
import { SIM_VERIFICATION_CALLER_ID } from "@poundline/modules/verified-numbers/sender";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

const MONTH_MS = 30 * 24 * 3600_000;

/** A user whose account is on the free trial started at registration, unpaid (no plan, no top-up). */
export async function createTrialUser(t: TestApp): Promise<{ user: TestUser; session: SignedIn }> {
  const user = await createUser(t);
  await t.db.db
    .update(schema.accounts)
    .set({ status: "trialing", trialEndsAt: new Date(t.app.deps.clock().getTime() + MONTH_MS) })
    .where(eq(schema.accounts.id, user.accountId));
  return { user, session: await signIn(t, user) };
}

/** A paid top-up of the account's wallet, credited as the Stripe webhook credits one. */
export async function topUp(t: TestApp, accountId: string, cents = 1000) {
  await creditWallet(t.db.db, {
    accountId,
    type: "top_up",
    amountCents: cents,
    idempotencyKey: `test:${crypto.randomUUID()}`,
    reference: null,
    description: "Wallet top-up",
    now: t.app.deps.clock(),
  });
}

/** The code of the newest verification text the simulator delivered to `e164`. */
export function codeTextedTo(t: TestApp, e164: string): string {
  const texts = (t.app.deps.simulator?.sentMessages() ?? []).filter(
    (m) => m.to === e164 && m.from === SIM_VERIFICATION_CALLER_ID,
  );
  const code = /\b(\d{6})\b/.exec(texts.at(-1)?.body ?? "")?.[1];
  expect(code, `a code texted to ${e164}`).toBeDefined();
  return code as string;
}

/** The code the newest verification call to `e164` spoke, digit by digit. */
export async function codeSpokenTo(t: TestApp, e164: string): Promise<string> {
  const sim = t.app.deps.simulator;
  await sim?.idle();
  const calls = (sim?.calls() ?? []).filter((c) => c.to === e164 && c.from === SIM_VERIFICATION_CALLER_ID);
  const spoken = calls.at(-1)?.transcript?.spoken.join(" ") ?? "";
  const code = /code is ((?:\d, ){5}\d)/.exec(spoken)?.[1]?.replaceAll(", ", "");
  expect(code, `a code spoken to ${e164} in: ${spoken}`).toBeDefined();
  return code as string;
}

export const verifiedNumberRow = async (t: TestApp, id: string) =>
  (await t.db.db.select().from(schema.verifiedNumbers).where(eq(schema.verifiedNumbers.id, id)))[0];
