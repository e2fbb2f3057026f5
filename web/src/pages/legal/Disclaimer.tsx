import { Container, Title } from "@mantine/core";

export function DisclaimerPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Disclaimer & Disclosures</Title>
    </Container>
  );
}
