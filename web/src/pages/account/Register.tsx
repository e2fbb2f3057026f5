import { Container, Title } from "@mantine/core";

export function RegisterPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Create Your Account</Title>
    </Container>
  );
}
