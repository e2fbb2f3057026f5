import { Container, Title } from "@mantine/core";

export function FeaturesPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Features</Title>
    </Container>
  );
}
