import { Container } from "@mantine/core";
import { AllTickets } from "../../modules/support/AllTickets";

export function SupportTicketsAdminPage() {
  return (
    <Container component="main" size="xl" py="md">
      <AllTickets />
    </Container>
  );
}
