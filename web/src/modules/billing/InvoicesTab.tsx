import { Anchor, Badge, Button } from "@mantine/core";
import type { Invoice } from "../../api/billing";
import { DataTable } from "../../ui/DataTable";
import { formatMoney } from "../../ui/format";
import { useAccountTimeZone } from "../../ui/time-zone";
import { checkoutFailed, goToStripe } from "./checkout";
import { formatDate, statusLabel } from "./format";
import { useBillingApi, useBillingMutation, useInvoices } from "./hooks";

/** The account's invoices, newest first; unpaid ones show Pay Now (Stripe's page or a Checkout). */
export function InvoicesTab() {
  const timeZone = useAccountTimeZone();
  const api = useBillingApi();
  const invoices = useInvoices();
  const pay = useBillingMutation(api.payInvoice);

  return (
    <DataTable<Invoice>
      aria-label="Invoices"
      withTableBorder
      minHeight={160}
      records={invoices.data?.invoices ?? []}
      fetching={invoices.isFetching && !invoices.data}
      noRecordsText="No invoices yet."
      columns={[
        { accessor: "invoiceNumber", title: "Invoice" },
        { accessor: "issueDate", title: "Issue Date", render: (i) => formatDate(i.issueDate, timeZone) },
        { accessor: "dueDate", title: "Due Date", render: (i) => formatDate(i.dueDate, timeZone) },
        {
          accessor: "status",
          title: "Status",
          render: (i) => (
            <Badge variant="light" color={i.status === "unpaid" ? "red" : "gray"} c="dark.9">
              {statusLabel(i.status)}
            </Badge>
          ),
        },
        {
          accessor: "totalAmountCents",
          title: "Total",
          textAlign: "right",
          render: (i) => formatMoney(i.totalAmountCents, i.currency),
        },
        {
          accessor: "pdfUrl",
          title: "PDF",
          render: (i) =>
            i.pdfUrl ? (
              <Anchor href={i.pdfUrl} download aria-label={`Download invoice ${i.invoiceNumber} (PDF)`}>
                Download
              </Anchor>
            ) : (
              "—"
            ),
        },
        {
          accessor: "actions",
          title: "",
          textAlign: "right",
          render: (i) =>
            i.payable ? (
              <Button
                size="xs"
                loading={pay.isPending && pay.variables === i.id}
                onClick={() => pay.mutate(i.id, { onSuccess: goToStripe, onError: checkoutFailed })}
              >
                Pay Now
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
