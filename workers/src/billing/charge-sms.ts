import { debitWallet, schema } from "@poundline/db";
import { priceMessage } from "@poundline/telephony";
import { eq } from "drizzle-orm";
import type { JobOutcome } from "../jobs";
import { sendLowBalanceWarning } from "./low-balance";
import type { BillingPorts } from "./ports";
import { loadRateTable } from "./rates";

const { messages } = schema;

/**
 * Charges an outbound text to the account's wallet, idempotency key `charge-sms:<MessageSid>`
 * (`priceMessage`: per segment, MMS flat). The API hands the charge over once the carrier has
 * sent the message on. Inbound texts are not charged: receiving is included in the number's fee,
 * and the sender cannot be refused at zero balance anyway. Skipped: an unknown MessageSid, an
 * inbound message, a duplicate.
 *
 * Messages have no price column: when the wallet is already empty nothing is charged and no
 * entry can be written, so such a charge leaves no trace but the log (the gate refuses outbound
 * texts at zero, so it only happens to a text sent while the last cents went).
 */
export async function chargeSms(ports: BillingPorts, payload: { messageSid: string }): Promise<JobOutcome> {
  const { db, clock, log } = ports;
  const { messageSid } = payload;
  const [message] = await db
    .select({
      accountId: messages.accountId,
      direction: messages.direction,
      toNumber: messages.toNumber,
      body: messages.body,
      numMedia: messages.numMedia,
    })
    .from(messages)
    .where(eq(messages.messageSid, messageSid))
    .limit(1);
  if (!message) {
    log.warn({ messageSid }, "charge-sms: no such message");
    return "skipped";
  }
  if (message.direction !== "outbound") return "skipped";

  const mms = message.numMedia > 0;
  const price = priceMessage({ body: message.body, numMedia: message.numMedia }, await loadRateTable(db));
  const debit = await debitWallet(db, {
    accountId: message.accountId,
    amountCents: price,
    type: "sms_charge",
    idempotencyKey: `charge-sms:${messageSid}`,
    reference: messageSid,
    description: `Outbound ${mms ? "MMS" : "SMS"} to ${message.toNumber}`,
    now: clock(),
  });
  if (debit.status === "duplicate") return "skipped";
  if (debit.status === "applied") {
    if (debit.balanceAfterCents === 0) await ports.walletEmptied?.(message.accountId);
    if (debit.chargedCents === 0)
      log.warn({ messageSid, accountId: message.accountId }, "text not charged: wallet empty");
    if (debit.crossedLowBalance) {
      await sendLowBalanceWarning(ports, {
        accountId: message.accountId,
        balanceCents: debit.balanceAfterCents,
        lowBalanceThresholdCents: debit.lowBalanceThresholdCents,
      });
    }
  }
  return "done";
}
