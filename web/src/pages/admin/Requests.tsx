import { Container } from "@mantine/core";
import { RequestQueues } from "../../modules/admin/RequestQueues";

export function RequestsPage() {
  return (
    <Container size="xl" py="md">
      <RequestQueues />
    </Container>
  );
}
