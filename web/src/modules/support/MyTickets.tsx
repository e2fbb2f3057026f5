import { Button, Card, Group, Stack, Title } from "@mantine/core";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toastError } from "../../ui/toast";
import { useMyTickets } from "./hooks";
import { SUPPORT_PATHS } from "./paths";
import { TICKETS_PAGE_SIZE, TicketTable } from "./TicketTable";

/** Seed 001's My Support Tickets: Subject, Status, Priority, Last Updated, View. */
export function MyTickets() {
  const [page, setPage] = useState(1);
  const tickets = useMyTickets({ limit: TICKETS_PAGE_SIZE, offset: (page - 1) * TICKETS_PAGE_SIZE });
  const error = tickets.error;
  useEffect(() => {
    if (error) toastError("Error fetching tickets", error);
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
        <TicketTable
          side="customer"
          data={tickets.data}
          fetching={tickets.isFetching}
          page={page}
          onPageChange={setPage}
          noRecordsText="You have not opened any support tickets yet."
        />
      </Card>
    </Stack>
  );
}
