import { Container, Title } from "@mantine/core";

export function QAPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Questions & Answers</Title>
    </Container>
  );
}
