import { Container, Text, Title } from "@mantine/core";

/** Console screens that later issues build (routing, IVR, widgets, billing, support, settings). */
export function ComingSoonPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Coming soon</Title>
      <Text>This part of the console is not built yet.</Text>
    </Container>
  );
}
