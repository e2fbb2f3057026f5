import { Container, Title } from "@mantine/core";

export function ContactPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Contact Us</Title>
    </Container>
  );
}
