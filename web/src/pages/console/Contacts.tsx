import { Container, Title } from "@mantine/core";

export function ContactsPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <Title>Contacts CRM</Title>
    </Container>
  );
}
