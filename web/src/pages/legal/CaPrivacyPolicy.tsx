import { Container, Title } from "@mantine/core";

export function CaPrivacyPolicyPage() {
  return (
    <Container size="lg" py="xl">
      <Title>California Privacy Notice</Title>
    </Container>
  );
}
