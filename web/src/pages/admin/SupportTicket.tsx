import { Container } from "@mantine/core";
import { useParams } from "react-router";
import { TicketView } from "../../modules/support/TicketView";

export function SupportTicketAdminPage() {
  const { ticketId = "" } = useParams();
  return (
    <Container size="md" py="md">
      <TicketView key={ticketId} side="support" ticketId={ticketId} />
    </Container>
  );
}
