import { debitWallet, schema } from "@poundline/db";
import { priceCall } from "@poundline/telephony";
import { and, eq, isNull } from "drizzle-orm";
import type { JobOutcome } from "../jobs";
import { sendLowBalanceWarning } from "./low-balance";
import type { BillingPorts } from "./ports";
import { loadRateTable } from "./rates";

const { callLogs, phoneNumbers } = schema;

/**
 * Charges a finished call to the account's wallet, idempotency key `charge-call:<CallSid>`.
 *
 * The price (`priceCall`, per started minute, toll-free when the number is toll-free) is stored
 * on the call log in the same transaction as the debit: a call log with a price has been charged,
 * and is skipped, even when the wallet was empty and no ledger entry could be written. Skipped:
 * an unknown CallSid, a call that lasted 0 s (unanswered), a call already priced, a duplicate.
 */
export async function chargeCall(ports: BillingPorts, payload: { callSid: string }): Promise<JobOutcome> {
  const { db, clock, log } = ports;
  const { callSid } = payload;
  const [call] = await db
    .select({
      id: callLogs.id,
      accountId: callLogs.accountId,
      direction: callLogs.direction,
      fromNumber: callLogs.fromNumber,
      toNumber: callLogs.toNumber,
      durationSeconds: callLogs.durationSeconds,
      priceCents: callLogs.priceCents,
      numberType: phoneNumbers.numberType,
    })
    .from(callLogs)
    .leftJoin(phoneNumbers, eq(phoneNumbers.id, callLogs.phoneNumberId))
    .where(eq(callLogs.callSid, callSid))
    .limit(1);
  if (!call) {
    log.warn({ callSid }, "charge-call: no such call");
    return "skipped";
  }
  if (call.priceCents !== null || call.durationSeconds <= 0) return "skipped";

  const inbound = call.direction === "inbound";
  const minutes = Math.ceil(call.durationSeconds / 60);
  const price = priceCall(
    {
      direction: inbound ? "inbound" : "outbound",
      tollFree: call.numberType === "toll-free",
      durationSeconds: call.durationSeconds,
    },
    await loadRateTable(db),
  );
  const now = clock();
  const debit = await db.transaction(async (tx) => {
    const result = await debitWallet(tx, {
      accountId: call.accountId,
      amountCents: price,
      type: "call_charge",
      idempotencyKey: `charge-call:${callSid}`,
      reference: callSid,
      description: `${inbound ? `Inbound call from ${call.fromNumber}` : `Outbound call to ${call.toNumber}`} (${minutes} min)`,
      now,
    });
    if (result.status === "duplicate") return result;
    await tx
      .update(callLogs)
      .set({ priceCents: price, updatedAt: now })
      .where(and(eq(callLogs.id, call.id), isNull(callLogs.priceCents)));
    return result;
  });
  if (debit.status === "duplicate") return "skipped";
  if (debit.status === "applied") {
    if (debit.balanceAfterCents === 0) await ports.walletEmptied?.(call.accountId);
    log.info(
      {
        callSid,
        accountId: call.accountId,
        chargedCents: debit.chargedCents,
        shortfallCents: debit.shortfallCents,
      },
      "call charged",
    );
    if (debit.crossedLowBalance) {
      await sendLowBalanceWarning(ports, {
        accountId: call.accountId,
        balanceCents: debit.balanceAfterCents,
        lowBalanceThresholdCents: debit.lowBalanceThresholdCents,
      });
    }
  }
  return "done";
}
