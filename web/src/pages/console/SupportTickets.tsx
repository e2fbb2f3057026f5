import { Container } from "@mantine/core";
import { MyTickets } from "../../modules/support/MyTickets";

export function SupportTicketsPage() {
  return (
    <Container size="lg" py="xl">
      <MyTickets />
    </Container>
  );
}
