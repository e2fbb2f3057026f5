import { Container, Title } from "@mantine/core";

export function NonprofitInfoPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Our Mission</Title>
    </Container>
  );
}
