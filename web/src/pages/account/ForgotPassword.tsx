import { Container, Title } from "@mantine/core";

export function ForgotPasswordPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Forgot Password</Title>
    </Container>
  );
}
