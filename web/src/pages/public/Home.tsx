import { Container, Title } from "@mantine/core";

export function HomePage() {
  return (
    <Container size="lg" py="xl">
      <Title>Home</Title>
    </Container>
  );
}
