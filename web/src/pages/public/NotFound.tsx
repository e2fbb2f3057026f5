import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="dimmed" aria-hidden>
          404
        </Text>
        <Title>Page Not Found</Title>
        <Text c="dimmed">Sorry, the page you are looking for does not exist or has been moved.</Text>
        <Button component={Link} to="/">
          Return to Homepage
        </Button>
      </Stack>
    </Container>
  );
}
