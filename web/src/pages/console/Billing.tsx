import { Container } from "@mantine/core";
import { Billing } from "../../modules/billing/Billing";

export function BillingPage() {
  return (
    <Container size="xl" py="xl">
      <Billing />
    </Container>
  );
}
