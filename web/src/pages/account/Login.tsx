import { Container, Title } from "@mantine/core";

export function LoginPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Sign In</Title>
    </Container>
  );
}
