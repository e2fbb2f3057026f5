import { Container, Title } from "@mantine/core";

export function VoicemailsPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <Title>Voicemails</Title>
    </Container>
  );
}
