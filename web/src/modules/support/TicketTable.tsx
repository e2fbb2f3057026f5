import { Anchor } from "@mantine/core";
import type { DataTableColumn } from "mantine-datatable";
import { Link } from "react-router";
import type { TicketSide, TicketSummary } from "../../api/support";
import { DataTable } from "../../ui/DataTable";
import { useFormat } from "../../ui/time-zone";
import { PriorityBadge, StatusBadge } from "./format";

import { ticketPagePath } from "./paths";

/** Tickets shown per page, on both sides. */
export const TICKETS_PAGE_SIZE = 20;

interface TicketTableProps<T extends TicketSummary> {
  side: TicketSide;
  /** The page of tickets, as the server answered it (undefined while the first one loads). */
  data: { items: T[]; total: number } | undefined;
  fetching: boolean;
  page: number;
  onPageChange: (page: number) => void;
  noRecordsText: string;
  /** Columns shown after the subject (support's list: the user and the company). */
  extraColumns?: DataTableColumn<T>[];
}

/** Seed 001's ticket table (Subject, Status, Priority, Last Updated, View), paged by the server. */
export function TicketTable<T extends TicketSummary>({
  side,
  data,
  fetching,
  page,
  onPageChange,
  noRecordsText,
  extraColumns = [],
}: TicketTableProps<T>) {
  const { dateTime: formatWhen } = useFormat();
  return (
    <DataTable<T>
      aria-label="Support tickets"
      minHeight={data?.items.length ? undefined : 180}
      records={data?.items ?? []}
      fetching={fetching}
      noRecordsText={noRecordsText}
      paging={{
        page,
        onPageChange,
        total: data?.total ?? 0,
        pageSize: TICKETS_PAGE_SIZE,
        text: ({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`,
      }}
      columns={[
        { accessor: "subject", title: "Subject" },
        ...extraColumns,
        { accessor: "status", title: "Status", render: (t) => <StatusBadge side={side} status={t.status} /> },
        { accessor: "priority", title: "Priority", render: (t) => <PriorityBadge priority={t.priority} /> },
        { accessor: "updatedAt", title: "Last Updated", render: (t) => formatWhen(t.updatedAt) },
        {
          accessor: "view",
          title: "View",
          textAlign: "right",
          render: (t) => (
            <Anchor component={Link} to={ticketPagePath(side, t.id)} aria-label={`View ${t.subject}`}>
              View
            </Anchor>
          ),
        },
      ]}
    />
  );
}
