import { Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { SUPPORT_LIMITS } from "@poundline/contracts/support/schemas";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import type { AdminTicket, TicketPriority, TicketStatus } from "../../api/support";
import { toastError } from "../../ui/toast";
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from "./format";
import { useAllTickets } from "./hooks";
import { TICKETS_PAGE_SIZE, TicketTable } from "./TicketTable";

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
    limit: TICKETS_PAGE_SIZE,
    offset: (page - 1) * TICKETS_PAGE_SIZE,
  });
  const error = tickets.error;
  useEffect(() => {
    if (error) toastError("Error fetching tickets", error);
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
        <TicketTable<AdminTicket>
          side="support"
          data={tickets.data}
          fetching={tickets.isFetching}
          page={page}
          onPageChange={setPage}
          noRecordsText="No tickets match these filters."
          extraColumns={[
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
          ]}
        />
      </Card>
    </Stack>
  );
}
