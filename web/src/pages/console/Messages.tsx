import { Container, Title } from "@mantine/core";

export function MessagesPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <Title>Messages</Title>
    </Container>
  );
}
