import { Container, Title } from "@mantine/core";

export function ConfirmEmailPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Confirm Email</Title>
    </Container>
  );
}
