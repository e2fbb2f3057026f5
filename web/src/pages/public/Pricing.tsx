import { Container, Title } from "@mantine/core";

export function PricingPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Pricing</Title>
    </Container>
  );
}
