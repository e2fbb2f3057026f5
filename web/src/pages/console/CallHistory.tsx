import { Container } from "@mantine/core";
import { CallHistory } from "../../modules/calls/CallHistory";

export function CallHistoryPage() {
  return (
    <Container size="xl" py="xl">
      <CallHistory />
    </Container>
  );
}
