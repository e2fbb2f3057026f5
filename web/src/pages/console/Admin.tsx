import { Container, Group, Title } from "@mantine/core";
import { SignOutButton } from "./SignOutButton";

/** A placeholder for the admin area until the console is built. */
export function AdminPage() {
  return (
    <Container component="main" size="lg" py="xl">
      <Group justify="space-between" align="flex-start">
        <Title>Admin</Title>
        <SignOutButton />
      </Group>
    </Container>
  );
}
