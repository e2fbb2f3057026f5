import { applyCredit, applyReversal, type Database, type ReverseWallet, schema } from "@poundline/db";
import { formatUsd } from "@poundline/domain";
import { enqueue, type OutboxTransaction } from "@poundline/platform/outbox";
import { type Stripe, stripeId } from "@poundline/platform/stripe";
import { and, eq, inArray, sql } from "drizzle-orm";
import { customerOfAnotherAccount, type StripeEventContext, type StripeEventHandler } from "./stripe-events";

/**
 * Stripe taking a top-up's money back: a refund (`charge.refunded`) takes the refunded part out
 * of the wallet; a dispute holds the disputed amount (`charge.dispute.created`) until it closes
 * (`charge.dispute.closed`): won, the hold is released; lost, it is released and the loss taken.
 * Each movement is a typed ledger row (top_up_refund, dispute_hold, dispute_release,
 * dispute_loss) under a key of its own, and the owners are e-mailed about it (an outbox job in the
 * same transaction). Taken in full even when the wallet holds less: it then owes the rest
 * (packages/db/src/ledger.ts `applyReversal`). Only payments that topped the wallet up move it: the top-up
 * row's reference is the payment's PaymentIntent; a subscription's payment moves no wallet.
 */

const { ledgerEntries } = schema;

/** The wallet top-up a payment made: whose, and how much it credited. */
interface TopUp {
  accountId: string;
  creditedCents: number;
}

async function topUpOfPayment(tx: Database, paymentIntentId: string | null): Promise<TopUp | null> {
  if (!paymentIntentId) return null;
  const [row] = await tx
    .select({ accountId: ledgerEntries.accountId, creditedCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reference, paymentIntentId), eq(ledgerEntries.transactionType, "top_up")));
  return row ?? null;
}

/** The top-up a dispute's payment made, or null (logged) when it topped up no wallet. */
async function disputedTopUp(
  tx: Database,
  paymentIntentId: string | null,
  ids: { dispute: string; event: string },
  ctx: StripeEventContext,
): Promise<TopUp | null> {
  const topUp = await topUpOfPayment(tx, paymentIntentId);
  if (!topUp) ctx.log.info(ids, "dispute of a payment that topped up no wallet");
  return topUp;
}

/** What the ledger already moved for this payment, by type (refunds are keyed by the PaymentIntent). */
async function movedCents(
  tx: Database,
  reference: string,
  types: ReverseWallet["type"][] | ["dispute_release"],
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(abs(${ledgerEntries.amountCents})), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reference, reference), inArray(ledgerEntries.transactionType, types)));
  return Number(row?.total ?? 0);
}

/** After the movement: tell the owners, and recompile the gate (a wallet at or below zero shuts calls). */
async function announce(tx: OutboxTransaction, entryId: string, ctx: StripeEventContext) {
  await enqueue(
    tx,
    { queue: "notifications", name: "wallet-reversal", jobId: `wallet-reversal:${entryId}` },
    { ledgerEntryId: entryId },
  );
  ctx.afterCommit(() => ctx.routing.changed());
}

async function reverse(tx: OutboxTransaction, input: ReverseWallet, ctx: StripeEventContext) {
  const result = await applyReversal(tx, input);
  if (result.status !== "applied") return;
  if (result.owedCents > 0)
    ctx.log.warn(
      { accountId: input.accountId, owedCents: result.owedCents, reference: input.reference },
      "Stripe took back more than the wallet held: the account owes the rest",
    );
  await announce(tx, result.entryId, ctx);
}

/**
 * charge.refunded: `amount_refunded` is the charge's running total, so each event takes what the
 * ledger has not taken yet (a partial refund, then another); a late or repeated event whose total
 * is already taken changes nothing. Never more than the top-up credited.
 */
export const chargeRefunded: StripeEventHandler<Stripe.ChargeRefundedEvent> = {
  async apply(tx, event, _loaded, ctx) {
    const charge = event.data.object;
    const paymentIntentId = stripeId(charge.payment_intent);
    const topUp = await topUpOfPayment(tx, paymentIntentId);
    if (!topUp || !paymentIntentId) {
      ctx.log.info({ charge: charge.id, event: event.id }, "refund of a payment that topped up no wallet");
      return;
    }
    const customer = stripeId(charge.customer);
    const refusal = customer ? await customerOfAnotherAccount(tx, customer, topUp.accountId) : null;
    if (refusal) return refusal;
    const refunded = Math.min(charge.amount_refunded, topUp.creditedCents);
    const taken = await movedCents(tx, paymentIntentId, ["top_up_refund"]);
    const amount = refunded - taken;
    if (amount <= 0) return;
    await reverse(
      tx,
      {
        accountId: topUp.accountId,
        type: "top_up_refund",
        amountCents: amount,
        idempotencyKey: `stripe-refund:${paymentIntentId}:${refunded}`,
        reference: paymentIntentId,
        description: `Top-up refunded to the card (${formatUsd(refunded)} of ${formatUsd(topUp.creditedCents)})`,
        now: ctx.now,
      },
      ctx,
    );
  },
};

/** The PaymentIntent of a dispute: on the dispute since 2019's API versions, else its charge's. */
async function disputedPayment(dispute: Stripe.Dispute, ctx: StripeEventContext): Promise<string | null> {
  const direct = stripeId(dispute.payment_intent);
  if (direct) return direct;
  const chargeId = stripeId(dispute.charge);
  if (!chargeId || !ctx.stripe) return null;
  return stripeId((await ctx.stripe.charges.retrieve(chargeId)).payment_intent);
}

const holdKey = (disputeId: string) => `stripe-dispute-hold:${disputeId}`;

async function heldCents(tx: Database, disputeId: string): Promise<number> {
  const [row] = await tx
    .select({ amount: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, holdKey(disputeId)));
  return row ? -row.amount : 0;
}

/** charge.dispute.created: the disputed amount (at most the top-up) is held out of the wallet. */
export const disputeCreated: StripeEventHandler<Stripe.ChargeDisputeCreatedEvent, string | null> = {
  load: (event, ctx) => disputedPayment(event.data.object, ctx),
  async apply(tx, event, paymentIntentId, ctx) {
    const dispute = event.data.object;
    const topUp = await disputedTopUp(tx, paymentIntentId, { dispute: dispute.id, event: event.id }, ctx);
    if (!topUp) return;
    await reverse(
      tx,
      {
        accountId: topUp.accountId,
        type: "dispute_hold",
        amountCents: Math.min(dispute.amount, topUp.creditedCents),
        idempotencyKey: holdKey(dispute.id),
        reference: paymentIntentId,
        description: `Disputed top-up: amount on hold (dispute ${dispute.id}, ${dispute.reason})`,
        now: ctx.now,
      },
      ctx,
    );
  },
};

/**
 * charge.dispute.closed: the hold goes back to the wallet whatever the outcome; a lost dispute
 * then takes the disputed amount for good, as its own row. A dispute closed without a hold on
 * record (its created event never came) still takes a loss.
 */
export const disputeClosed: StripeEventHandler<Stripe.ChargeDisputeClosedEvent, string | null> = {
  load: (event, ctx) => disputedPayment(event.data.object, ctx),
  async apply(tx, event, paymentIntentId, ctx) {
    const dispute = event.data.object;
    const topUp = await disputedTopUp(tx, paymentIntentId, { dispute: dispute.id, event: event.id }, ctx);
    if (!topUp) return;
    const held = await heldCents(tx, dispute.id);
    if (held > 0) {
      const released = await applyCredit(tx, {
        accountId: topUp.accountId,
        type: "dispute_release",
        amountCents: held,
        idempotencyKey: `stripe-dispute-release:${dispute.id}`,
        reference: paymentIntentId,
        description: `Dispute ${dispute.id} closed (${dispute.status}): hold released`,
        now: ctx.now,
      });
      if (released.status === "applied") await announce(tx, released.entryId, ctx);
    }
    if (dispute.status !== "lost") return;
    await reverse(
      tx,
      {
        accountId: topUp.accountId,
        type: "dispute_loss",
        amountCents: held > 0 ? held : Math.min(dispute.amount, topUp.creditedCents),
        idempotencyKey: `stripe-dispute-loss:${dispute.id}`,
        reference: paymentIntentId,
        description: `Dispute ${dispute.id} lost: the disputed top-up is taken back`,
        now: ctx.now,
      },
      ctx,
    );
  },
};
