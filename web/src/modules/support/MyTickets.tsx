import "mantine-datatable/styles.css";
import { Anchor, Button, Card, Group, Stack, Title } from "@mantine/core";
import { Plus } from "lucide-react";
import { DataTable } from "mantine-datatable";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { TicketSummary } from "../../api/support";
import { toast } from "../../lib/toast";
import { formatWhen, PriorityBadge, StatusBadge } from "./format";
import { useMyTickets } from "./hooks";
import { SUPPORT_PATHS, ticketPagePath } from "./paths";

const PAGE_SIZE = 20;

/** Seed 001's My Support Tickets: Subject, Status, Priority, Last Updated, View. */
export function MyTickets() {
  const [page, setPage] = useState(1);
  const tickets = useMyTickets({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const error = tickets.error;
  useEffect(() => {
    if (error) toast({ title: "Error fetching tickets", description: error.message, variant: "destructive" });
  }, [error]);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>My Support Tickets</Title>
        <Button component={Link} to={SUPPORT_PATHS.newTicket} leftSection={<Plus size={16} aria-hidden />}>
          New Ticket
        </Button>
      </Group>
      <Card withBorder padding={0}>
        <DataTable<TicketSummary>
          minHeight={tickets.data?.items.length ? undefined : 180}
          records={tickets.data?.items ?? []}
          fetching={tickets.isFetching}
          noRecordsText="You have not opened any support tickets yet."
          totalRecords={tickets.data?.total ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          columns={[
            { accessor: "subject", title: "Subject" },
            { accessor: "status", title: "Status", render: (t) => <StatusBadge status={t.status} /> },
            {
              accessor: "priority",
              title: "Priority",
              render: (t) => <PriorityBadge priority={t.priority} />,
            },
            { accessor: "updatedAt", title: "Last Updated", render: (t) => formatWhen(t.updatedAt) },
            {
              accessor: "view",
              title: "View",
              textAlign: "right",
              render: (t) => (
                <Anchor
                  component={Link}
                  to={ticketPagePath("customer", t.id)}
                  aria-label={`View ${t.subject}`}
                >
                  View
                </Anchor>
              ),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
