import { Container, Stack } from "@mantine/core";
import { BlockedCallers } from "../../modules/call-blocking/BlockedCallers";
import { CallRouting } from "../../modules/call-routing/CallRouting";

export function CallRoutingPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <CallRouting />
        <BlockedCallers />
      </Stack>
    </Container>
  );
}
