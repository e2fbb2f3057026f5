import { Container, Title } from "@mantine/core";

export function PrivacyPolicyPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Privacy Policy</Title>
    </Container>
  );
}
