import { Container, Title } from "@mantine/core";

export function ResetPasswordPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Reset Password</Title>
    </Container>
  );
}
