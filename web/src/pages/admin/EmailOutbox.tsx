import { Container } from "@mantine/core";
import { EmailOutbox } from "../../modules/admin/EmailOutbox";

export function EmailOutboxPage() {
  return (
    <Container size="xl" py="md">
      <EmailOutbox />
    </Container>
  );
}
