import { Container, Title } from "@mantine/core";

export function MarketingProgramsPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Marketing Programs</Title>
    </Container>
  );
}
