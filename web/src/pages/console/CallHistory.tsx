import { Container, Title } from "@mantine/core";

export function CallHistoryPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <Title>Call History</Title>
    </Container>
  );
}
