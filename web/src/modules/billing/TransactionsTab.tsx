import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import type { Transaction } from "../../api/billing";
import { DataTable } from "../../ui/DataTable";
import { formatMoney } from "../../ui/format";
import { useAccountTimeZone } from "../../ui/time-zone";
import { formatDate, transactionTypeLabel } from "./format";
import { useTransactions } from "./hooks";

/** The wallet's movements, 10 a page from the server, Previous/Next when there is more than one page. */
export function TransactionsTab({ currency, watching }: { currency: string; watching: boolean }) {
  const timeZone = useAccountTimeZone();
  const [page, setPage] = useState(1);
  const transactions = useTransactions(page, watching);
  const data = transactions.data;
  const pageCount = data?.pageCount ?? 1;

  return (
    <>
      <DataTable<Transaction>
        aria-label="Wallet transactions"
        withTableBorder
        minHeight={160}
        records={data?.transactions ?? []}
        fetching={transactions.isFetching && !data}
        noRecordsText="No transactions yet."
        columns={[
          { accessor: "createdAt", title: "Date", render: (tx) => formatDate(tx.createdAt, timeZone) },
          {
            accessor: "transactionType",
            title: "Type",
            render: (tx) => transactionTypeLabel(tx.transactionType),
          },
          { accessor: "description", title: "Description" },
          {
            accessor: "amountCents",
            title: "Amount",
            textAlign: "right",
            render: (tx) => (
              <Text span c={tx.amountCents < 0 ? "red.9" : undefined} fw={600} size="sm">
                {formatMoney(tx.amountCents, currency)}
              </Text>
            ),
          },
        ]}
      />
      {pageCount > 1 ? (
        <Group justify="space-between" mt="sm">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Text size="sm">
            Page {page} of {pageCount}
          </Text>
          <Button variant="default" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </Group>
      ) : null}
    </>
  );
}
