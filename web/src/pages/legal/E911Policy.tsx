import { Container, Title } from "@mantine/core";

export function E911PolicyPage() {
  return (
    <Container size="lg" py="xl">
      <Title>E911 Policy</Title>
    </Container>
  );
}
