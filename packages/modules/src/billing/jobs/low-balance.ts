import { type Database, schema } from "@poundline/db";
import { formatUsd } from "@poundline/domain";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import { and, eq } from "drizzle-orm";
import type { BillingPorts } from "./ports";

const { accounts, accountMemberships, users } = schema;

export const LOW_BALANCE_SUBJECT = "Your Poundline balance is low";

export interface LowBalance {
  accountId: string;
  balanceCents: number;
  lowBalanceThresholdCents: number;
}

/** Who billing e-mails go to: the owners' addresses; the account's own address when it has no owner. */
export async function billingRecipients(
  db: Database,
  accountId: string,
): Promise<{ email: string; firstName: string }[]> {
  const owners = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, accountId), eq(accountMemberships.role, "owner")))
    .orderBy(users.email);
  if (owners.length > 0) return owners;
  const [account] = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account?.email ? [{ email: account.email, firstName: "" }] : [];
}

export function lowBalanceEmail(
  to: { email: string; firstName: string },
  low: LowBalance,
  publicBaseUrl: string,
): OutgoingEmail {
  const link = `${publicBaseUrl.replace(/\/+$/, "")}/dashboard/billing`;
  const balance = formatUsd(low.balanceCents);
  const paused =
    low.balanceCents <= 0
      ? "Calls and outbound texts are paused until you top up.\n\n"
      : "When it reaches $0.00, calls and outbound texts pause until you top up.\n\n";
  return {
    to: to.email,
    subject: LOW_BALANCE_SUBJECT,
    template: "low_balance",
    text:
      `Hello${to.firstName ? ` ${to.firstName}` : ""},\n\n` +
      `Your Poundline balance is ${balance}, below your low-balance threshold of ${formatUsd(low.lowBalanceThresholdCents)}.\n\n` +
      paused +
      `Top up your wallet: ${link}\n`,
  };
}

/**
 * Sends the low-balance warning to the account's owner(s). The debit that crossed the threshold
 * has already been committed with the wallet's low_balance_notified_at, so this runs once per
 * dip; a delivery that fails is logged (its outbox row says failed) and not retried by the job,
 * whose redelivery would be a duplicate charge anyway.
 */
export async function sendLowBalanceWarning(ports: BillingPorts, low: LowBalance): Promise<number> {
  const { db, mailer, log, publicBaseUrl } = ports;
  const recipients = await billingRecipients(db, low.accountId);
  if (recipients.length === 0) {
    log.warn({ accountId: low.accountId }, "low balance: the account has no owner to warn");
    return 0;
  }
  let sent = 0;
  for (const recipient of recipients) {
    try {
      await mailer.send(lowBalanceEmail(recipient, low, publicBaseUrl));
      sent += 1;
    } catch (err) {
      log.error({ err, accountId: low.accountId, to: recipient.email }, "low balance: e-mail not delivered");
    }
  }
  return sent;
}
