import { Badge, Button, Group, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { billingApi, type Subscription } from "../../api/billing";
import { useApi } from "../../api/context";
import { DataTable } from "../../ui/DataTable";
import { formatMoney } from "../../ui/format";
import { useAccountTimeZone } from "../../ui/time-zone";
import { checkoutFailed, goToStripe } from "./checkout";
import { formatDate, statusLabel } from "./format";
import { useSubscriptions } from "./hooks";

/** Stripe's customer portal: the plan, cards and Stripe's invoices, managed where Stripe keeps them. */
function ManageSubscriptionButton() {
  const api = billingApi(useApi());
  const portal = useMutation({
    mutationFn: () => api.portal(),
    onSuccess: goToStripe,
    onError: checkoutFailed,
  });
  return (
    <Button variant="default" loading={portal.isPending} onClick={() => portal.mutate()}>
      Manage Subscription
    </Button>
  );
}

export function SubscriptionsTab() {
  const subscriptions = useSubscriptions();
  const records = subscriptions.data?.subscriptions ?? [];
  return (
    <Stack gap="sm">
      {records.length > 0 ? (
        <Group justify="end">
          <ManageSubscriptionButton />
        </Group>
      ) : null}
      <SubscriptionsTable subscriptions={subscriptions} />
    </Stack>
  );
}

function SubscriptionsTable({ subscriptions }: { subscriptions: ReturnType<typeof useSubscriptions> }) {
  const timeZone = useAccountTimeZone();
  return (
    <DataTable<Subscription>
      aria-label="Subscriptions"
      withTableBorder
      minHeight={160}
      records={subscriptions.data?.subscriptions ?? []}
      fetching={subscriptions.isFetching && !subscriptions.data}
      noRecordsText="No subscriptions yet."
      columns={[
        { accessor: "serviceName", title: "Service" },
        {
          accessor: "planName",
          title: "Plan",
          // A downgrade waits for the next billing date: both plans, and when.
          render: (s) =>
            s.scheduledPlanName
              ? `${s.planName}, then ${s.scheduledPlanName} from ${formatDate(s.nextBillingDate, timeZone)}`
              : s.planName,
        },
        {
          accessor: "status",
          title: "Status",
          render: (s) => (
            <Badge variant="light" color={s.status === "active" ? "green" : "gray"} c="dark.9">
              {s.cancelAtPeriodEnd ? "cancels at period end" : statusLabel(s.status)}
            </Badge>
          ),
        },
        {
          accessor: "nextBillingDate",
          title: "Next Billing Date",
          render: (s) => formatDate(s.nextBillingDate, timeZone),
        },
        {
          accessor: "monthlyFeeCents",
          title: "Monthly Fee",
          textAlign: "right",
          render: (s) => formatMoney(s.monthlyFeeCents, s.currency),
        },
      ]}
    />
  );
}
