import "mantine-datatable/styles.css";
import { Anchor, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { SUPPORT_LIMITS } from "@poundline/api/support/schemas";
import { Search } from "lucide-react";
import { DataTable } from "mantine-datatable";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { AdminTicket, TicketPriority, TicketStatus } from "../../api/support";
import { toast } from "../../lib/toast";
import { formatWhen, PRIORITY_OPTIONS, PriorityBadge, STATUS_OPTIONS, StatusBadge } from "./format";
import { useAllTickets } from "./hooks";
import { ticketPagePath } from "./paths";

const PAGE_SIZE = 20;

/**
 * Support's list of every ticket (seed 001's admin Support Tickets): filters on status and
 * priority and a search over subject, user e-mail and company name, paged by the server.
 */
export function AllTickets() {
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<TicketStatus | null>(null);
  const [priority, setPriority] = useState<TicketPriority | null>(null);
  const [page, setPage] = useState(1);
  // A new search or filter shows its first page.
  const [lastFilters, setLastFilters] = useState({ debouncedSearch, status, priority });
  if (
    lastFilters.debouncedSearch !== debouncedSearch ||
    lastFilters.status !== status ||
    lastFilters.priority !== priority
  ) {
    setLastFilters({ debouncedSearch, status, priority });
    setPage(1);
  }
  const tickets = useAllTickets({
    search: debouncedSearch || undefined,
    status: status ?? undefined,
    priority: priority ?? undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const error = tickets.error;
  useEffect(() => {
    if (error) toast({ title: "Error fetching tickets", description: error.message, variant: "destructive" });
  }, [error]);

  return (
    <Stack gap="lg">
      <Title order={1}>Support Tickets</Title>
      <Card withBorder padding="md">
        <Group align="end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Subject, user e-mail or company..."
            leftSection={<Search size={16} aria-hidden />}
            value={search}
            maxLength={SUPPORT_LIMITS.search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: "1 1 260px" }}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(value) => setStatus(value as TicketStatus | null)}
            clearable
            w={180}
          />
          <Select
            label="Priority"
            placeholder="All priorities"
            data={PRIORITY_OPTIONS}
            value={priority}
            onChange={(value) => setPriority(value as TicketPriority | null)}
            clearable
            w={160}
          />
        </Group>
      </Card>
      <Card withBorder padding={0}>
        <DataTable<AdminTicket>
          minHeight={tickets.data?.items.length ? undefined : 180}
          records={tickets.data?.items ?? []}
          fetching={tickets.isFetching}
          noRecordsText="No tickets match these filters."
          totalRecords={tickets.data?.total ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          columns={[
            { accessor: "subject", title: "Subject" },
            {
              accessor: "userEmail",
              title: "User",
              render: (t) =>
                t.userEmail ?? (
                  <Text size="sm" c="dimmed">
                    deleted user
                  </Text>
                ),
            },
            { accessor: "companyName", title: "Company" },
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
                  to={ticketPagePath("support", t.id)}
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
