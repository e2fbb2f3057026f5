import { Container, Title } from "@mantine/core";

export function RequestPhoneNumberPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Request a Phone Number</Title>
    </Container>
  );
}
