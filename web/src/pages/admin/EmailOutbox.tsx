import { Container } from "@mantine/core";
import { EmailOutbox } from "../../modules/admin/EmailOutbox";

export function EmailOutboxPage() {
  return (
    <Container component="main" size="xl" py="md">
      <EmailOutbox />
    </Container>
  );
}
