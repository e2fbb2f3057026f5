import { Button, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

/** A /dashboard/... address no console screen answers: inside the console, a way back. */
export function ConsoleNotFoundPage() {
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title>Page Not Found</Title>
      <Text>Sorry, there is no page of the console at this address. It may have been moved.</Text>
      <Button component={Link} to="/dashboard">
        Back to the Dashboard
      </Button>
    </Stack>
  );
}
