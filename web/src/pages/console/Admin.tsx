import { Container, Title } from "@mantine/core";

export function AdminPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Admin</Title>
    </Container>
  );
}
