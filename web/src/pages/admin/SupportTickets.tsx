import { Container } from "@mantine/core";
import { AllTickets } from "../../modules/support/AllTickets";

export function SupportTicketsAdminPage() {
  return (
    <Container size="xl" py="md">
      <AllTickets />
    </Container>
  );
}
