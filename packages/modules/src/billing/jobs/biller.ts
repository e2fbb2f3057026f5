import {
  applyDebits,
  type Database,
  type Debit,
  type DebitResult,
  inJsonList,
  jsonRecords,
  type LockedWallet,
  lockWallet,
  queryRows,
  schema,
} from "@poundline/db";
import {
  type AllowanceLeft,
  allowanceLeft,
  type ChargeableCall,
  type ChargeableMessage,
  type ChargeCommand,
  type ChargeEvent,
  type ChargeFlowState,
  type ChargeStep,
  type ChargeUsage,
  drawCallMinutes,
  drawText,
  priceCall,
  priceMessage,
  type RateTable,
  startCharge,
  stepCharge,
  trialRunning,
} from "@poundline/domain";
import { groupCommit, keyedGroupCommit } from "@poundline/platform/group-commit";
import type { JobOutcome } from "@poundline/platform/queue/jobs";
import { eq, sql } from "drizzle-orm";
import { sendLowBalanceWarning } from "./low-balance";
import type { BillingPorts } from "./ports";
import { loadRateTable } from "./rates";
import { guardSpending } from "./spend-guard";

const { accounts, callLogs, messages, pendingCharges, phoneNumbers, trialAllowances } = schema;

type Usage = ChargeUsage;

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
  const { log } = ports;

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

  const steps: ChargeSteps = {
    ports,
    findCall: callFinder(ports.db),
    findMessage: messageFinder(ports.db),
    charge,
  };

  return {
    /**
     * Charges a finished call, idempotency key `charge-call:<CallSid>`; the price (per started
     * minute, by destination for an outbound call, toll-free when the number is) is stored on the
     * call log in the same transaction, so a priced call is never charged again. A wallet that
     * cannot cover it is overdrawn: the charge is never dropped, what is not covered is owed. A call priced
     * already whose duration has grown since (a later completion) is re-rated: the difference,
     * once, under `charge-call:<CallSid>:<new price>`. Skipped: an unknown CallSid, an unanswered
     * call (0 s), a call whose price would not grow, a duplicate. (What is charged, and what
     * follows, is decided by the domain's stepCharge.)
     */
    chargeCall: (payload: { callSid: string }) => runCharge(steps, startCharge("call", payload.callSid)),

    /**
     * Charges an outbound text, idempotency key `charge-sms:<MessageSid>` (per segment, MMS
     * flat), its price stored on the message like a call's. Inbound texts are not charged:
     * receiving is included in the number's fee. Skipped: unknown, inbound, already priced.
     */
    chargeSms: (payload: { messageSid: string }) => runCharge(steps, startCharge("sms", payload.messageSid)),

    /**
     * Charges up to `limit` of the account's completed calls waiting in `pending_charges` (the
     * status callbacks' hand-off), as `chargeCall` would: their rows are deleted in the wallet
     * transaction that charges them, so a crash before the commit leaves them for the next drain,
     * and drains side by side take different rows. Returns the rows taken.
     */
    drainCalls: async (accountId: string, limit = BATCH): Promise<number> => {
      const drained = await drainWallet(ports, accountId, limit);
      for (const command of drained.others) await runChargeCommand(steps, command);
      if (drained.charged.length === 0) return drained.taken;
      const results = drained.charged.map((c) => c.debit);
      await afterCharges(accountId, results);
      if (drained.minutesDrawn > 0) await ports.walletEmptied?.(accountId);
      for (const { state, debit } of drained.charged)
        await runCharge(steps, stepCharge(state, { type: "debited", debit }));
      return drained.taken;
    },
  };
}

export type Biller = ReturnType<typeof createBiller>;

/**
 * One transaction: takes up to `limit` of the account's pending charges (deleting them), then
 * locks the wallet and charges the calls they name. The pending rows are taken before the wallet
 * is locked: a status statement inserting one never waits for a drain (no key is shared), so no
 * lock is held in the reverse order.
 */
async function drainWallet(ports: BillingPorts, accountId: string, limit: number) {
  const now = ports.clock();
  return ports.db.transaction(async (tx) => {
    const { taken, calls } = await takePendingCalls(tx, accountId, limit);
    const charging: { state: ChargeFlowState; request: ChargeRequest }[] = [];
    const others: ChargeCommand[] = [];
    for (const call of calls) {
      const step = stepCharge(
        { stage: "finding", kind: "call", sid: call.callSid },
        { type: "call-found", call },
      );
      for (const command of step.commands) {
        if (command.type === "charge") charging.push({ state: step.state, request: command });
        else others.push(command);
      }
    }
    if (charging.length === 0) return { taken, charged: [], others, minutesDrawn: 0 };
    const wallet = await lockWallet(tx, accountId, now);
    const requests = charging.map((c) => c.request);
    const { results, minutesDrawn } = await chargeLocked(tx, wallet, accountId, requests, now);
    const charged = charging.map((c, i) => ({ state: c.state, debit: results[i] as DebitResult }));
    return { taken, charged, others, minutesDrawn };
  });
}

/**
 * Deletes up to `limit` of the account's pending charges, oldest first, skipping rows another
 * drain holds, and reads the calls they name (once each; a call whose log is gone is dropped).
 */
async function takePendingCalls(tx: Database, accountId: string, limit: number) {
  const rows = await queryRows<PendingCallRow>(
    tx,
    sql`with taken as (
        delete from ${pendingCharges} p
        where p.account_id = ${accountId} and p.id in (
          select id from ${pendingCharges} where account_id = ${accountId}
          order by id limit ${limit} for update skip locked)
        returning p.call_log_id
      )
      select l.id, l.call_sid, l.account_id, l.direction, l.from_number, l.to_number, l.dialled_number,
        l.duration_seconds, l.call_status, n.number_type
      from taken
      left join lateral (select * from ${callLogs} c where c.id = taken.call_log_id limit 1) l on true
      left join ${phoneNumbers} n on n.id = l.phone_number_id`,
  );
  const calls = new Map<string, ChargeableCall>();
  for (const r of rows) {
    if (r.id === null || calls.has(r.id)) continue;
    calls.set(r.id, {
      id: r.id,
      callSid: r.call_sid,
      accountId: r.account_id,
      direction: r.direction,
      fromNumber: r.from_number,
      toNumber: r.to_number,
      dialledNumber: r.dialled_number,
      durationSeconds: Number(r.duration_seconds),
      callStatus: r.call_status,
      numberType: r.number_type,
    });
  }
  return { taken: rows.length, calls: [...calls.values()] };
}

type PendingCallRow = {
  id: string | null;
  call_sid: string;
  account_id: string;
  direction: string;
  from_number: string;
  to_number: string;
  dialled_number: string | null;
  duration_seconds: number;
  call_status: string;
  number_type: string | null;
};

/** The calls of the CallSids handed in together, read in one round trip (null: no such call). */
function callFinder(db: Database) {
  return groupCommit(async (callSids: string[]) => {
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
}

/** The texts of the MessageSids handed in together, read in one round trip (null: no such text). */
function messageFinder(db: Database) {
  return groupCommit(async (messageSids: string[]) => {
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
}

/** What the charge flow's commands run on: the batched look-ups and the wallet's group commit. */
interface ChargeSteps {
  ports: BillingPorts;
  findCall: (callSid: string) => Promise<ChargeableCall | null>;
  findMessage: (messageSid: string) => Promise<ChargeableMessage | null>;
  charge: (request: ChargeRequest) => Promise<DebitResult>;
}

/** The executor of the domain's charge flow (stepCharge): runs its commands, feeds back their results. */
async function runCharge(steps: ChargeSteps, first: ChargeStep): Promise<JobOutcome> {
  let step = first;
  for (;;) {
    let event: ChargeEvent | null = null;
    for (const command of step.commands) event = (await runChargeCommand(steps, command)) ?? event;
    if (step.state.stage === "done") return step.state.outcome;
    if (!event) throw new Error(`charge flow stalled while ${step.state.stage}`);
    step = stepCharge(step.state, event);
  }
}

/** Runs one command of the charge flow; the event it comes to, if any. */
async function runChargeCommand(steps: ChargeSteps, command: ChargeCommand): Promise<ChargeEvent | null> {
  const { ports } = steps;
  switch (command.type) {
    case "find-call":
      return { type: "call-found", call: await steps.findCall(command.callSid) };
    case "find-message":
      return { type: "message-found", message: await steps.findMessage(command.messageSid) };
    case "charge":
      return {
        type: "debited",
        debit: await steps.charge({ accountId: command.accountId, usage: command.usage }),
      };
    case "warn":
      ports.log.warn(command.context, command.message);
      return null;
    case "close-gate":
      await ports.walletEmptied?.(command.accountId);
      return null;
    case "send-low-balance-warning":
      await sendLowBalanceWarning(ports, {
        accountId: command.accountId,
        balanceCents: command.balanceCents,
        lowBalanceThresholdCents: command.lowBalanceThresholdCents,
      });
      return null;
  }
}

/**
 * One transaction for a batch of one account's charges. Lock order is the wallet, then the call
 * logs and messages, as everywhere money moves. The wallet is locked once: the ledger's
 * `applyDebits` takes it as locked here.
 */
async function chargeWallet(ports: BillingPorts, accountId: string, requests: ChargeRequest[]) {
  const now = ports.clock();
  return ports.db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, accountId, now);
    return chargeLocked(tx, wallet, accountId, requests, now);
  });
}

/** The charges of one account, priced and debited inside the caller's transaction, its wallet locked. */
async function chargeLocked(
  tx: Database,
  wallet: LockedWallet,
  accountId: string,
  requests: ChargeRequest[],
  now: Date,
) {
  const rates = await loadRateTable(tx);
  const prices = requests.map((r) => priceOf(r.usage, rates));
  const raised = await priceRows(tx, now, requests, prices);
  const allowance = await lockAllowance(tx, accountId, now);
  const drawn = { minutes: 0, texts: 0 };
  const debits = requests.map((r, i) =>
    debitFor(r.usage, prices[i] as number, raised.get(i), allowance, drawn),
  );
  const applied = await applyDebits(
    tx,
    accountId,
    debits.filter((d): d is Debit => d !== null),
    now,
    wallet,
  );
  if (allowance && (drawn.minutes > 0 || drawn.texts > 0)) await recordDraw(tx, accountId, drawn, now);
  let next = 0;
  const results = debits.map(
    (d): DebitResult => (d === null ? { status: "duplicate" } : (applied[next++] as DebitResult)),
  );
  return { results, minutesDrawn: drawn.minutes };
}

function priceOf(usage: Usage, rates: RateTable): number {
  if (usage.kind === "sms")
    return priceMessage({ body: usage.body, numMedia: usage.numMedia, to: usage.toNumber }, rates);
  return priceCall(
    {
      direction: usage.inbound ? "inbound" : "outbound",
      tollFree: usage.tollFree,
      durationSeconds: usage.durationSeconds,
      ...(usage.inbound ? {} : { to: usage.otherParty }),
    },
    rates,
  );
}

/**
 * Prices the rows first, a price only ever raised: `price_cents` below the new price (or null)
 * is the guard, so a row priced as high already (by a concurrent batch, or earlier in this one)
 * makes its charge a duplicate, and a row priced lower (a call whose duration grew) is charged
 * the difference. Of one row's requests in a batch, the highest price is the one applied.
 * Returns, per request index whose row it priced, the price the row had before (null: never priced).
 */
async function priceRows(tx: Database, now: Date, requests: ChargeRequest[], prices: number[]) {
  const chosen = new Map<string, number>();
  for (const [i, r] of requests.entries()) {
    const seen = chosen.get(rowIdOf(r.usage));
    if (seen === undefined || (prices[i] as number) > (prices[seen] as number))
      chosen.set(rowIdOf(r.usage), i);
  }
  const raised = new Map<number, number | null>();
  for (const [table, kind] of [
    [callLogs, "call"],
    [messages, "sms"],
  ] as const) {
    const rows = [...chosen.values()].flatMap((i) => {
      const usage = requests[i]?.usage;
      return usage?.kind === kind ? [{ i, id: rowIdOf(usage), price: prices[i] as number }] : [];
    });
    if (rows.length === 0) continue;
    const indexOf = new Map(rows.map((row) => [row.id, row.i]));
    for (const row of await raisePrices(tx, now, table, rows)) {
      const i = indexOf.get(row.id);
      if (i !== undefined) raised.set(i, row.prior);
    }
  }
  return raised;
}

/** The rows whose stored price was below the new one, now raised to it, with the price they had. */
function raisePrices(
  tx: Database,
  now: Date,
  table: typeof callLogs | typeof messages,
  rows: { id: string; price: number }[],
) {
  // The wallet lock keeps other charges of this account out: `prior` is the stored price,
  // read row by row (a join would be planned as a scan of the whole table).
  return queryRows<{ id: string; prior: number | null }>(
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
}

/**
 * The ledger debit of one request, or null when its row was not priced by this batch (a
 * duplicate). `before`: the price its row had (null: a first charge, which draws the trial's
 * allowance first; a re-rate charges the wallet the difference, once per new price). `drawn`
 * counts what the batch has drawn from the allowance so far.
 */
function debitFor(
  usage: Usage,
  fullPrice: number,
  before: number | null | undefined,
  allowance: AllowanceLeft | null,
  drawn: { minutes: number; texts: number },
): Debit | null {
  if (before === undefined) return null;
  let price = fullPrice;
  if (usage.kind === "sms") {
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
  }
  const minutes = Math.ceil(usage.durationSeconds / 60);
  const party = usage.inbound
    ? `Inbound call from ${usage.otherParty}`
    : usage.otherParty.startsWith("client:")
      ? "Call in the browser (softphone)"
      : `Outbound call to ${usage.otherParty}`;
  if (before !== null) {
    return {
      amountCents: price - before,
      type: "call_charge",
      idempotencyKey: `charge-call:${usage.callSid}:${price}`,
      reference: usage.callSid,
      description: `${party} (${minutes} min, re-rated)`,
    };
  }
  if (allowance) {
    const draw = drawCallMinutes(allowance.minutesLeft - drawn.minutes, minutes, price);
    drawn.minutes += draw.drawn;
    price = draw.chargedCents;
  }
  return {
    amountCents: price,
    type: "call_charge",
    idempotencyKey: `charge-call:${usage.callSid}`,
    reference: usage.callSid,
    description: `${party} (${minutes} min)`,
  };
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
