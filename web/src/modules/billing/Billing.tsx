import { Alert, Button, Center, Group, Loader, Stack, Tabs, Title } from "@mantine/core";
import { refusalMessage } from "@poundline/contracts/auth/permissions";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { CheckoutReturn } from "../../api/billing";
import { useCan } from "../../app/session";
import { toast } from "../../ui/toast";
import { BillingPlanCards } from "../billing-plan/BillingPlanCards";
import { billingPlanKeys, useBillingPlanApi } from "../billing-plan/hooks";
import { AddFundsDialog } from "./AddFundsDialog";
import { BalanceCard } from "./BalanceCard";
import { billingKeys, useBillingApi, useWallet } from "./hooks";
import { InvoicesTab } from "./InvoicesTab";
import { PaymentMethodsTab } from "./PaymentMethodsTab";
import { SubscriptionsTab } from "./SubscriptionsTab";
import { TransactionsTab } from "./TransactionsTab";

/** How long the screen keeps asking for the balance after a paid Checkout (the webhook may lag). */
const WATCH_AFTER_PAYMENT_MS = 30_000;

/** What a paid Checkout was for, in the words of its toast. */
function paidDescription(answer: CheckoutReturn): string {
  if (answer.kind === "plan" && answer.plan) return `Thank you: your ${answer.plan} plan is being activated.`;
  if (answer.kind === "invoice") return "Thank you: your invoice is being settled.";
  return "Thank you: your wallet is being credited.";
}

/**
 * The return from Checkout (seed 001): `?session_id=…&status=success` says "Payment Successful",
 * `status=cancel` "Payment Cancelled", `status=plan_changed&plan=…` (another plan chosen while
 * subscribed: the one subscription changed) "Plan Changed"; the query string is then cleared.
 * Anyone can craft the URL, so a payment or a plan is claimed only as the server confirms it:
 * the session must be this account's and paid (its plan named by Stripe's session), a changed
 * plan must be the account's plan now. Answers whether a payment just went through (the balance
 * is then watched for its webhook).
 */
function useCheckoutReturn(): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const client = useQueryClient();
  const billing = useBillingApi();
  const plans = useBillingPlanApi();
  const [watching, setWatching] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    const status = searchParams.get("status");
    if (handled.current || !status) return;
    handled.current = true;
    const sessionId = searchParams.get("session_id");
    const named = searchParams.get("plan");

    async function announce() {
      if (status === "success" && sessionId) {
        const answer = await client.fetchQuery({
          queryKey: [...billingKeys.all, "checkout", sessionId],
          queryFn: ({ signal }) => billing.checkoutReturn(sessionId, signal),
        });
        if (!answer.paid) return;
        toast({ id: "checkout-return", title: "Payment Successful", description: paidDescription(answer) });
        setWatching(true);
      } else if (status === "plan_changed" && named) {
        const current = await client.fetchQuery({
          queryKey: billingPlanKeys.plan,
          queryFn: ({ signal }) => plans.plan(signal),
          staleTime: 0,
        });
        if (current.plan.toLowerCase() !== named.toLowerCase()) return;
        toast({
          id: "checkout-return",
          title: "Plan Changed",
          description: `Your subscription is now on the ${current.plan} plan: an upgrade applies at once, a downgrade at your next billing date.`,
        });
      } else if (status === "cancel") {
        toast({ id: "checkout-return", title: "Payment Cancelled", description: "No charge was made." });
      }
    }
    // A session the server does not confirm (another account's, unknown, unpaid) claims nothing.
    announce()
      .catch(() => undefined)
      .finally(() => setSearchParams({}, { replace: true }));
  }, [searchParams, setSearchParams, client, billing, plans]);

  useEffect(() => {
    if (!watching) return;
    const timer = setTimeout(() => setWatching(false), WATCH_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [watching]);
  return watching;
}

/** Billing & Wallet (/dashboard/billing), for the roles that may see the account's billing. */
export function Billing() {
  if (!useCan("billing.view"))
    return (
      <Stack gap="lg">
        <Title order={1}>Billing &amp; Wallet</Title>
        <Alert color="gray" title="Not available">
          {refusalMessage("billing.view")}
        </Alert>
      </Stack>
    );
  return <BillingScreen />;
}

/** Balance, Add Funds, transactions, subscriptions, invoices, cards. */
function BillingScreen() {
  const canTopUp = useCan("billing.topup");
  const watching = useCheckoutReturn();
  const wallet = useWallet(watching);
  const [addingFunds, setAddingFunds] = useState(false);
  const announcedWallet = useRef(false);

  useEffect(() => {
    if (wallet.data?.created && !announcedWallet.current) {
      announcedWallet.current = true;
      toast({ title: "Wallet Created", description: "Your wallet is ready, with a balance of $0.00." });
    }
  }, [wallet.data?.created]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <Title order={1}>Billing &amp; Wallet</Title>
        {canTopUp ? <Button onClick={() => setAddingFunds(true)}>Add Funds to Wallet</Button> : null}
      </Group>
      {wallet.data ? (
        <BalanceCard wallet={wallet.data.wallet} />
      ) : (
        <Center mih={120}>
          {wallet.isPending ? <Loader role="status" aria-label="Loading wallet" /> : null}
        </Center>
      )}
      <BillingPlanCards />
      <Tabs defaultValue="transactions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
          <Tabs.Tab value="subscriptions">Subscriptions</Tabs.Tab>
          <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
          <Tabs.Tab value="payment-methods">Payment Methods</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions" pt="md">
          <TransactionsTab currency={wallet.data?.wallet.currency ?? "USD"} watching={watching} />
        </Tabs.Panel>
        <Tabs.Panel value="subscriptions" pt="md">
          <SubscriptionsTab />
        </Tabs.Panel>
        <Tabs.Panel value="invoices" pt="md">
          <InvoicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="payment-methods" pt="md">
          <PaymentMethodsTab />
        </Tabs.Panel>
      </Tabs>
      {addingFunds ? <AddFundsDialog onClose={() => setAddingFunds(false)} /> : null}
    </Stack>
  );
}
