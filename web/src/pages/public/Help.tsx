import { Container, Title } from "@mantine/core";

export function HelpPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Help Center</Title>
    </Container>
  );
}
