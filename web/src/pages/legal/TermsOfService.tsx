import { Container, Title } from "@mantine/core";

export function TermsOfServicePage() {
  return (
    <Container size="lg" py="xl">
      <Title>Terms of Service</Title>
    </Container>
  );
}
