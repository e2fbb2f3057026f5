import { schema } from "@poundline/db";
import { formatUsd } from "@poundline/domain";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { eq } from "drizzle-orm";
import { billingRecipients } from "../billing/jobs/low-balance";
import type { NotificationPorts } from "./ports";
import { deliverAll, sendOnce } from "./sent";

export const WALLET_REVERSAL_TEMPLATE = "wallet_reversal";

export type WalletReversalPayload = JobPayload<"notifications", "wallet-reversal">;

/** The ledger rows Stripe's refunds and disputes write, and what the owner is told of each. */
const SUBJECTS: Record<string, string> = {
  top_up_refund: "A wallet top-up was refunded",
  dispute_hold: "A wallet top-up is disputed: the amount is on hold",
  dispute_release: "A disputed top-up: the hold is released",
  dispute_loss: "A disputed top-up: the dispute was lost",
};

export interface ReversalEntry {
  transactionType: string;
  description: string;
  amountCents: number;
  balanceAfterCents: number;
}

export function walletReversalEmail(
  to: { email: string; firstName: string },
  entry: ReversalEntry,
  publicBaseUrl: string,
): OutgoingEmail {
  const owes =
    entry.balanceAfterCents < 0
      ? `Your wallet now owes ${formatUsd(-entry.balanceAfterCents)}: calls and outbound texts are paused until a top-up covers it.\n\n`
      : "";
  return {
    to: to.email,
    subject: SUBJECTS[entry.transactionType] ?? "Your Poundline wallet changed",
    template: WALLET_REVERSAL_TEMPLATE,
    text:
      `Hello${to.firstName ? ` ${to.firstName}` : ""},\n\n` +
      `${entry.description}: ${formatUsd(entry.amountCents)}.\n` +
      `Your balance is now ${formatUsd(entry.balanceAfterCents)}.\n\n` +
      owes +
      `Your wallet: ${publicBaseUrl}/dashboard/billing\n`,
  };
}

/** E-mails the account's owners about one refund or dispute row of its ledger, once per owner. */
export async function sendWalletReversal(
  ports: NotificationPorts,
  payload: WalletReversalPayload,
): Promise<JobOutcome> {
  const { ledgerEntries: t } = schema;
  const [entry] = await ports.db
    .select({
      accountId: t.accountId,
      transactionType: t.transactionType,
      description: t.description,
      amountCents: t.amountCents,
      balanceAfterCents: t.balanceAfterCents,
    })
    .from(t)
    .where(eq(t.id, payload.ledgerEntryId));
  if (!entry || !(entry.transactionType in SUBJECTS)) return "skipped";
  const recipients = await billingRecipients(ports.db, entry.accountId);
  await deliverAll(
    recipients.map(
      (to) => () =>
        sendOnce(ports, `wallet-reversal:${payload.ledgerEntryId}:email:${to.email}`, async () => {
          await ports.mailer.send(walletReversalEmail(to, entry, ports.publicBaseUrl));
          return true;
        }),
    ),
  );
  return "done";
}

/** The processor of the `notifications/wallet-reversal` job. */
export function walletReversalProcessor(
  deps: Pick<NotificationPorts, "mailer" | "publicBaseUrl">,
): Processor<WalletReversalPayload> {
  return (ports, payload) => sendWalletReversal({ ...ports, ...deps }, payload);
}
