import { Container, Title } from "@mantine/core";

export function DashboardPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Dashboard</Title>
    </Container>
  );
}
