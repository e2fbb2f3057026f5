import { Button, Container, Text, Title } from "@mantine/core";
import { Link } from "react-router";

/** An /admin/... path no admin screen answers. */
export function AdminNotFoundPage() {
  return (
    <Container size="lg" py="xl">
      <Title>Page not found</Title>
      <Text mb="md">No admin screen lives at this address.</Text>
      <Button component={Link} to="/admin">
        Back to the Admin Dashboard
      </Button>
    </Container>
  );
}
