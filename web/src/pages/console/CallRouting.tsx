import { Container } from "@mantine/core";
import { CallRouting } from "../../modules/call-routing/CallRouting";

export function CallRoutingPage() {
  return (
    <Container size="lg" py="xl">
      <CallRouting />
    </Container>
  );
}
