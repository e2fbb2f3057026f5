import { Container, Title } from "@mantine/core";

export function AnalyticsPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <Title>Call Analytics</Title>
    </Container>
  );
}
