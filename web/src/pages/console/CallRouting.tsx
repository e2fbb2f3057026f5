import { Container } from "@mantine/core";
import { CallRouting } from "../../modules/call-routing/CallRouting";

export function CallRoutingPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <CallRouting />
    </Container>
  );
}
