import { Container, Title } from "@mantine/core";

export function RequestFeaturePage() {
  return (
    <Container size="lg" py="xl">
      <Title>Request a Feature</Title>
    </Container>
  );
}
