import { Container } from "@mantine/core";
import { useParams } from "react-router";
import { useSession } from "../../app/session";
import { TicketView } from "../../modules/support/TicketView";

/**
 * /dashboard/support/ticket/:ticketId. Seed 001: admins may view any ticket here, and their back
 * button leads to the admin list; others see their own tickets only.
 */
export function SupportTicketPage() {
  const { ticketId = "" } = useParams();
  const { isAdmin } = useSession();
  return (
    <Container size="md" py="xl">
      <TicketView key={ticketId} side={isAdmin ? "support" : "customer"} ticketId={ticketId} />
    </Container>
  );
}
