import { Alert, Button, Center, Group, Loader, Stack, Tabs, Title } from "@mantine/core";
import { refusalMessage } from "@poundline/api/auth/permissions";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useCan } from "../../app/session";
import { toast } from "../../lib/toast";
import { BillingPlanCards } from "../billing-plan/BillingPlanCards";
import { AddFundsDialog } from "./AddFundsDialog";
import { BalanceCard } from "./BalanceCard";
import { useWallet } from "./hooks";
import { InvoicesTab } from "./InvoicesTab";
import { PaymentMethodsTab } from "./PaymentMethodsTab";
import { SubscriptionsTab } from "./SubscriptionsTab";
import { TransactionsTab } from "./TransactionsTab";

/** How long the screen keeps asking for the balance after a paid Checkout (the webhook may lag). */
const WATCH_AFTER_PAYMENT_MS = 30_000;

/**
 * The return from Checkout (seed 001): `?session_id=…&status=success[&plan=…]` says "Payment
 * Successful", `status=cancel` "Payment Cancelled", `status=plan_changed&plan=…` (another plan
 * chosen while subscribed: the one subscription changed) "Plan Changed"; the query string is
 * then cleared. Answers
 * whether a payment just went through (the balance is then watched for its webhook).
 */
function useCheckoutReturn(): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const [watching, setWatching] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    const status = searchParams.get("status");
    if (handled.current || !status) return;
    handled.current = true;
    const plan = searchParams.get("plan");
    if (status === "success" && searchParams.get("session_id")) {
      toast({
        id: "checkout-return",
        title: "Payment Successful",
        description: plan
          ? `Thank you: your ${plan} plan is being activated.`
          : "Thank you: your wallet is being credited.",
      });
      setWatching(true);
    } else if (status === "plan_changed" && plan) {
      toast({
        id: "checkout-return",
        title: "Plan Changed",
        description: `Your subscription is now on the ${plan} plan: an upgrade applies at once, a downgrade at your next billing date.`,
      });
    } else if (status === "cancel") {
      toast({ id: "checkout-return", title: "Payment Cancelled", description: "No charge was made." });
    }
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

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
        <Center mih={120}>{wallet.isPending ? <Loader aria-label="Loading wallet" /> : null}</Center>
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
