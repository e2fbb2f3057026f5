import { invoices, ledgerEntries, subscriptions, wallets } from "../schema/index";
import type { UsageCharge } from "./activity";
import type { SeedContext } from "./context";
import type { Directory } from "./directory";
import type { PhoneSystem } from "./phone-system";

type EntryType = "top_up" | "call_charge" | "sms_charge" | "number_fee" | "refund" | "adjustment";

interface Movement {
  at: Date;
  type: EntryType;
  /** Signed: credits positive, charges negative. */
  cents: number;
  description: string;
  /** Defaults to `<type>:<entry id>` for credits that have no outside id. */
  idempotencyKey?: string;
  reference: string | null;
}

const PLAN_FEE_CENTS = 5999;
const LOCAL_NUMBER_FEE_CENTS = 115;
const TOLL_FREE_NUMBER_FEE_CENTS = 215;

export interface BillingSummary {
  balanceCents: number;
  entryCount: number;
}

/** The demo wallet with its ledger (credits, number fees, every usage charge), subscription and invoices. */
export async function seedBilling(
  ctx: SeedContext,
  dir: Directory,
  phones: PhoneSystem,
  usage: readonly UsageCharge[],
): Promise<BillingSummary> {
  const { tx, calendar } = ctx;
  const accountId = dir.accountIds.demo;
  const topUp = (at: Date, cents: number): Movement => {
    const paymentIntent = `pi_${ctx.sid("").slice(0, 24)}`;
    return {
      at,
      type: "top_up",
      cents,
      description: "Wallet top-up",
      idempotencyKey: `stripe:${paymentIntent}`,
      reference: paymentIntent,
    };
  };

  const movements: Movement[] = [
    topUp(calendar.at(61, 10, 12), 2500),
    {
      at: calendar.at(61, 10, 13),
      type: "adjustment",
      cents: 1000,
      description: "Welcome credit",
      reference: null,
    },
    topUp(calendar.at(31, 16, 40), 2000),
    {
      at: calendar.at(18, 11, 5),
      type: "refund",
      cents: 150,
      description: "Credit for dropped calls on the toll-free number",
      reference: null,
    },
    topUp(calendar.at(9, 9, 30), 2500),
  ];
  for (const daysAgo of [60, 30]) {
    for (const [number, fee] of [
      [phones.main, LOCAL_NUMBER_FEE_CENTS],
      [phones.tollFree, TOLL_FREE_NUMBER_FEE_CENTS],
    ] as const) {
      movements.push({
        at: calendar.at(daysAgo, 0, 5),
        type: "number_fee",
        cents: -fee,
        description: `Monthly fee for ${number.e164}`,
        idempotencyKey: `number_fee:${number.id}:${calendar.isoDate(daysAgo).slice(0, 7)}`,
        reference: number.id,
      });
    }
  }
  for (const charge of usage) movements.push({ ...charge, cents: -charge.cents });
  movements.sort((a, b) => a.at.getTime() - b.at.getTime());
  // Entries are listed by created_at: no two may share an instant, or their order would be ambiguous.
  movements.forEach((m, i) => {
    const previous = movements[i - 1];
    if (previous && m.at.getTime() <= previous.at.getTime()) m.at = new Date(previous.at.getTime() + 1000);
  });

  const walletId = ctx.id("wallet");
  let balance = 0;
  const entries = movements.map((m) => {
    balance += m.cents;
    if (balance < 0) throw new Error("seed: the demo wallet would go negative");
    const id = ctx.id("transaction");
    return {
      id,
      walletId,
      accountId,
      transactionType: m.type,
      description: m.description,
      amountCents: m.cents,
      balanceAfterCents: balance,
      idempotencyKey: m.idempotencyKey ?? `${m.type}:${id}`,
      reference: m.reference,
      createdAt: m.at,
    };
  });

  await tx.insert(wallets).values({
    id: walletId,
    accountId,
    balanceCents: balance,
    currency: "USD",
    lowBalanceThresholdCents: 500,
    createdAt: calendar.at(61, 10, 11),
    updatedAt: entries.at(-1)?.createdAt ?? ctx.now,
  });
  for (let i = 0; i < entries.length; i += 500) {
    await tx.insert(ledgerEntries).values(entries.slice(i, i + 500));
  }

  // Billed monthly since the trial ended 74 days ago; the latest invoice is still unpaid.
  const subscriptionId = ctx.id("subscription");
  await tx.insert(subscriptions).values({
    id: subscriptionId,
    accountId,
    serviceName: "Poundline Business Phone",
    planName: "Professional",
    status: "active",
    nextBillingDate: calendar.isoDate(-16),
    monthlyFeeCents: PLAN_FEE_CENTS,
    currency: "USD",
    cancelAtPeriodEnd: false,
    createdAt: calendar.at(74, 9),
    updatedAt: calendar.at(14, 9),
  });
  await tx.insert(invoices).values(
    [74, 44, 14].map((daysAgo, i): typeof invoices.$inferInsert => {
      const unpaid = daysAgo === 14;
      return {
        id: ctx.id("invoice"),
        accountId,
        subscriptionId,
        invoiceNumber: `DLG-${calendar.isoDate(daysAgo).slice(0, 7).replace("-", "")}-${String(i + 1).padStart(4, "0")}`,
        issueDate: calendar.isoDate(daysAgo),
        dueDate: calendar.isoDate(daysAgo - 15),
        status: unpaid ? "unpaid" : "paid",
        totalAmountCents: PLAN_FEE_CENTS,
        currency: "USD",
        paidAt: unpaid ? null : calendar.at(daysAgo - 2, 14),
        createdAt: calendar.at(daysAgo, 9),
        updatedAt: calendar.at(unpaid ? daysAgo : daysAgo - 2, 14),
      };
    }),
  );

  return { balanceCents: balance, entryCount: entries.length };
}
