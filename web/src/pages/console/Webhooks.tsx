import { Container } from "@mantine/core";
import { Webhooks } from "../../modules/webhooks/Webhooks";

export function WebhooksPage() {
  return (
    <Container size="lg" py="xl">
      <Webhooks />
    </Container>
  );
}
