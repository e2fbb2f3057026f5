import {
  applyDebits,
  type Database,
  type Debit,
  type DebitResult,
  inJsonList,
  jsonRecords,
  lockWallet,
  queryRows,
  schema,
} from "@poundline/db";
import { groupCommit, keyedGroupCommit } from "@poundline/platform/group-commit";
import {
  type AllowanceLeft,
  allowanceLeft,
  drawCallMinutes,
  drawText,
  priceCall,
  priceMessage,
  trialRunning,
} from "@poundline/telephony";
import { eq, sql } from "drizzle-orm";
import type { JobOutcome } from "../jobs";
import { sendLowBalanceWarning } from "./low-balance";
import type { BillingPorts } from "./ports";
import { loadRateTable } from "./rates";
import { guardSpending } from "./spend-guard";

const { accounts, callLogs, messages, phoneNumbers, trialAllowances } = schema;

/** What a finished call or a sent text costs, as the batch needs it. */
type Usage =
  | {
      kind: "call";
      callLogId: string;
      callSid: string;
      inbound: boolean;
      tollFree: boolean;
      durationSeconds: number;
      otherParty: string;
    }
  | { kind: "sms"; messageId: string; messageSid: string; body: string; numMedia: number; toNumber: string };

const rowIdOf = (usage: Usage) => (usage.kind === "call" ? usage.callLogId : usage.messageId);

interface ChargeRequest {
  accountId: string;
  usage: Usage;
}

/** Rows read per look-up round trip, and charges per wallet transaction. */
const BATCH = 500;

/**
 * The billing processors of one worker process. Every charge goes through a group commit per
 * wallet: the charges that arrive while a wallet's transaction runs share the next one (one row
 * lock, one ledger insert, one balance update), so throughput does not stop at one wallet lock
 * per charge. The look-ups of calls and texts are batched the same way. Results are exactly
 * those of charging one at a time, in arrival order.
 */
export function createBiller(ports: BillingPorts) {
  const { db, log } = ports;

  const findCalls = groupCommit(async (callSids: string[]) => {
    const rows = await db
      .select({
        id: callLogs.id,
        callSid: callLogs.callSid,
        accountId: callLogs.accountId,
        direction: callLogs.direction,
        fromNumber: callLogs.fromNumber,
        toNumber: callLogs.toNumber,
        dialledNumber: callLogs.dialledNumber,
        durationSeconds: callLogs.durationSeconds,
        priceCents: callLogs.priceCents,
        callStatus: callLogs.callStatus,
        numberType: phoneNumbers.numberType,
      })
      .from(callLogs)
      .leftJoin(phoneNumbers, eq(phoneNumbers.id, callLogs.phoneNumberId))
      .where(sql`${callLogs.callSid} = ${inJsonList([...new Set(callSids)])}`);
    const bySid = new Map(rows.map((r) => [r.callSid, r]));
    return callSids.map((sid) => bySid.get(sid) ?? null);
  }, BATCH);

  const findMessages = groupCommit(async (messageSids: string[]) => {
    const rows = await db
      .select({
        id: messages.id,
        messageSid: messages.messageSid,
        accountId: messages.accountId,
        direction: messages.direction,
        toNumber: messages.toNumber,
        body: messages.body,
        numMedia: messages.numMedia,
        priceCents: messages.priceCents,
      })
      .from(messages)
      .where(sql`${messages.messageSid} = ${inJsonList([...new Set(messageSids)])}`);
    const bySid = new Map(rows.map((r) => [r.messageSid, r]));
    return messageSids.map((sid) => bySid.get(sid) ?? null);
  }, BATCH);

  const charge = keyedGroupCommit(
    (request: ChargeRequest) => request.accountId,
    async (accountId, requests) => {
      const { results, minutesDrawn } = await chargeWallet(ports, accountId, requests);
      await afterCharges(accountId, results);
      // The routing tables hold the minutes left: they open or close the gate and limit calls.
      if (minutesDrawn > 0) await ports.walletEmptied?.(accountId);
      return results;
    },
    BATCH,
  );

  /** The spend guard after a committed batch: the monthly cap, auto-recharge. Never fails the charges. */
  async function afterCharges(accountId: string, results: DebitResult[]) {
    const last = results.findLast((r) => r.status === "applied" && r.chargedCents > 0);
    if (last?.status !== "applied") return;
    try {
      await guardSpending(ports, accountId, last.balanceAfterCents);
    } catch (err) {
      log.error({ err, accountId }, "spend guard failed after charges");
    }
  }

  /** After the commit: the gate, the warning, the log line. */
  async function settle(accountId: string, reference: string, debit: DebitResult): Promise<JobOutcome> {
    if (debit.status === "duplicate") return "skipped";
    if (debit.status === "applied") {
      // Empty or overdrawn (the rest owed): the gate stops the account's telephony until a top-up.
      if (debit.balanceAfterCents <= 0 && debit.chargedCents > 0) {
        if (debit.shortfallCents > 0)
          log.warn(
            { reference, accountId, owedCents: -debit.balanceAfterCents },
            "wallet overdrawn: usage owed",
          );
        await ports.walletEmptied?.(accountId);
      }
      if (debit.crossedLowBalance) {
        await sendLowBalanceWarning(ports, {
          accountId,
          balanceCents: debit.balanceAfterCents,
          lowBalanceThresholdCents: debit.lowBalanceThresholdCents,
        });
      }
    }
    return "done";
  }

  return {
    /**
     * Charges a finished call, idempotency key `charge-call:<CallSid>`; the price (per started
     * minute, by destination for an outbound call, toll-free when the number is) is stored on the
     * call log in the same transaction, so a priced call is never charged again. A wallet that
     * cannot cover it is overdrawn: the charge is never dropped, what is not covered is owed. A call priced
     * already whose duration has grown since (a later completion) is re-rated: the difference,
     * once, under `charge-call:<CallSid>:<new price>`. Skipped: an unknown CallSid, an unanswered
     * call (0 s), a call whose price would not grow, a duplicate.
     */
    async chargeCall(payload: { callSid: string }): Promise<JobOutcome> {
      const call = await findCalls(payload.callSid);
      if (!call) {
        log.warn({ callSid: payload.callSid }, "charge-call: no such call");
        return "skipped";
      }
      // A call the gate refused was never taken: the platform does not bill its goodbye.
      if (call.durationSeconds <= 0 || call.callStatus === "refused") return "skipped";
      const inbound = call.direction === "inbound";
      const debit = await charge({
        accountId: call.accountId,
        usage: {
          kind: "call",
          callLogId: call.id,
          callSid: call.callSid,
          inbound,
          tollFree: call.numberType === "toll-free",
          durationSeconds: call.durationSeconds,
          // Make a Call's first leg rang the user's own phone: priced (and described) by it.
          otherParty: inbound ? call.fromNumber : (call.dialledNumber ?? call.toNumber),
        },
      });
      return settle(call.accountId, call.callSid, debit);
    },

    /**
     * Charges an outbound text, idempotency key `charge-sms:<MessageSid>` (per segment, MMS
     * flat), its price stored on the message like a call's. Inbound texts are not charged:
     * receiving is included in the number's fee. Skipped: unknown, inbound, already priced.
     */
    async chargeSms(payload: { messageSid: string }): Promise<JobOutcome> {
      const message = await findMessages(payload.messageSid);
      if (!message) {
        log.warn({ messageSid: payload.messageSid }, "charge-sms: no such message");
        return "skipped";
      }
      if (message.direction !== "outbound" || message.priceCents !== null) return "skipped";
      const debit = await charge({
        accountId: message.accountId,
        usage: {
          kind: "sms",
          messageId: message.id,
          messageSid: message.messageSid,
          body: message.body,
          numMedia: message.numMedia,
          toNumber: message.toNumber,
        },
      });
      return settle(message.accountId, message.messageSid, debit);
    },
  };
}

export type Biller = ReturnType<typeof createBiller>;

/**
 * One transaction for a batch of one account's charges. Lock order is the wallet, then the call
 * logs and messages, as everywhere money moves.
 */
async function chargeWallet(ports: BillingPorts, accountId: string, requests: ChargeRequest[]) {
  const now = ports.clock();
  return ports.db.transaction(async (tx) => {
    await lockWallet(tx, accountId, now);
    const rates = await loadRateTable(tx);
    const priceOf = (usage: Usage) =>
      usage.kind === "call"
        ? priceCall(
            {
              direction: usage.inbound ? "inbound" : "outbound",
              tollFree: usage.tollFree,
              durationSeconds: usage.durationSeconds,
              ...(usage.inbound ? {} : { to: usage.otherParty }),
            },
            rates,
          )
        : priceMessage({ body: usage.body, numMedia: usage.numMedia, to: usage.toNumber }, rates);
    const prices = requests.map((r) => priceOf(r.usage));

    // Price the rows first, a price only ever raised: `price_cents` below the new price (or null)
    // is the guard, so a row priced as high already (by a concurrent batch, or earlier in this
    // one) makes its charge a duplicate, and a row priced lower (a call whose duration grew) is
    // charged the difference. Of one row's requests in a batch, the highest price is the one applied.
    const chosen = new Map<string, number>();
    for (const [i, r] of requests.entries()) {
      const seen = chosen.get(rowIdOf(r.usage));
      if (seen === undefined || (prices[i] as number) > (prices[seen] as number))
        chosen.set(rowIdOf(r.usage), i);
    }
    /** Request index to the price its row had before this one (null: never priced). */
    const raised = new Map<number, number | null>();
    const priceRows = async (table: typeof callLogs | typeof messages, kind: Usage["kind"]) => {
      const rows = [...chosen.values()].flatMap((i) => {
        const usage = requests[i]?.usage;
        return usage?.kind === kind ? [{ i, id: rowIdOf(usage), price: prices[i] as number }] : [];
      });
      if (rows.length === 0) return;
      // The wallet lock keeps other charges of this account out: `prior` is the stored price,
      // read row by row (a join would be planned as a scan of the whole table).
      const updated = await queryRows<{ id: string; prior: number | null }>(
        tx,
        sql`update ${table} set price_cents = v.price, updated_at = ${now.toISOString()}::timestamptz
          from (
            select v.id, v.price, stored.price_cents as prior
            from ${jsonRecords(rows.map((row) => ({ id: row.id, price: row.price })))} as v(id text, price integer)
            cross join lateral (
              select s.price_cents from ${table} s where s.id = v.id limit 1
            ) stored
          ) as v
          where ${table.id} = v.id and coalesce(v.prior, -1) < v.price
          returning ${table.id} as id, v.prior as prior`,
      );
      const indexOf = new Map(rows.map((row) => [row.id, row.i]));
      for (const row of updated) {
        const i = indexOf.get(row.id);
        if (i !== undefined) raised.set(i, row.prior);
      }
    };
    await priceRows(callLogs, "call");
    await priceRows(messages, "sms");

    const allowance = await lockAllowance(tx, accountId, now);
    const drawn = { minutes: 0, texts: 0 };
    const debits: (Debit | null)[] = requests.map((r, i) => {
      const { usage } = r;
      const before = raised.get(i);
      if (before === undefined) return null;
      let price = prices[i] as number;
      if (usage.kind === "call") {
        const minutes = Math.ceil(usage.durationSeconds / 60);
        const party = usage.inbound
          ? `Inbound call from ${usage.otherParty}`
          : `Outbound call to ${usage.otherParty}`;
        // A first charge draws the trial's minutes first (a re-rate charges the wallet the difference).
        if (allowance && before === null) {
          const draw = drawCallMinutes(allowance.minutesLeft - drawn.minutes, minutes, price);
          drawn.minutes += draw.drawn;
          price = draw.chargedCents;
        }
        if (before !== null) {
          // Re-rated: the difference, once per new price.
          return {
            amountCents: price - before,
            type: "call_charge",
            idempotencyKey: `charge-call:${usage.callSid}:${price}`,
            reference: usage.callSid,
            description: `${party} (${minutes} min, re-rated)`,
          };
        }
        return {
          amountCents: price,
          type: "call_charge",
          idempotencyKey: `charge-call:${usage.callSid}`,
          reference: usage.callSid,
          description: `${party} (${minutes} min)`,
        };
      }
      if (allowance) {
        const draw = drawText(allowance.textsLeft - drawn.texts, price);
        drawn.texts += draw.drawn;
        price = draw.chargedCents;
      }
      return {
        amountCents: price,
        type: "sms_charge",
        idempotencyKey: `charge-sms:${usage.messageSid}`,
        reference: usage.messageSid,
        description: `Outbound ${usage.numMedia > 0 ? "MMS" : "SMS"} to ${usage.toNumber}`,
      };
    });
    const applied = await applyDebits(
      tx,
      accountId,
      debits.filter((d): d is Debit => d !== null),
      now,
    );
    if (allowance && (drawn.minutes > 0 || drawn.texts > 0)) await recordDraw(tx, accountId, drawn, now);
    let next = 0;
    const results = debits.map(
      (d): DebitResult => (d === null ? { status: "duplicate" } : (applied[next++] as DebitResult)),
    );
    return { results, minutesDrawn: drawn.minutes };
  });
}

/**
 * What is left of the account's trial allowance, or null when no trial runs. The caller holds
 * the wallet's lock: every charge of the account waits for it, so the counts cannot move meanwhile.
 */
async function lockAllowance(tx: Database, accountId: string, now: Date): Promise<AllowanceLeft | null> {
  const [account] = await tx
    .select({
      trialEndsAt: accounts.trialEndsAt,
      minutesUsed: trialAllowances.minutesUsed,
      textsUsed: trialAllowances.textsUsed,
    })
    .from(accounts)
    .leftJoin(trialAllowances, eq(trialAllowances.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!account || !trialRunning(account.trialEndsAt, now)) return null;
  return allowanceLeft({ minutesUsed: account.minutesUsed ?? 0, textsUsed: account.textsUsed ?? 0 });
}

/** Adds what a batch drew to the account's trial allowance used. */
async function recordDraw(
  tx: Database,
  accountId: string,
  drawn: { minutes: number; texts: number },
  now: Date,
) {
  await tx
    .insert(trialAllowances)
    .values({ accountId, minutesUsed: drawn.minutes, textsUsed: drawn.texts, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: trialAllowances.accountId,
      set: {
        minutesUsed: sql`${trialAllowances.minutesUsed} + ${drawn.minutes}`,
        textsUsed: sql`${trialAllowances.textsUsed} + ${drawn.texts}`,
        updatedAt: now,
      },
    });
}
