import { Container } from "@mantine/core";
import { NewTicket } from "../../modules/support/NewTicket";

export function NewSupportTicketPage() {
  return (
    <Container size="md" py="xl">
      <NewTicket />
    </Container>
  );
}
