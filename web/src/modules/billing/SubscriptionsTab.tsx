import { Badge } from "@mantine/core";
import { DataTable } from "mantine-datatable";
import type { Subscription } from "../../api/billing";
import { formatDate, formatMoney, statusLabel } from "./format";
import { useSubscriptions } from "./hooks";

export function SubscriptionsTab() {
  const subscriptions = useSubscriptions();
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
        { accessor: "planName", title: "Plan" },
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
          render: (s) => formatDate(s.nextBillingDate),
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
