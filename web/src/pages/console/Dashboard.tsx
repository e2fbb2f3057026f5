import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { useSession } from "../../app/session";
import { SignOutButton } from "./SignOutButton";

/** A placeholder for the signed-in area until the console is built. */
export function DashboardPage() {
  const firstName = useSession((s) => s.user?.firstName);
  const companyName = useSession((s) => s.account?.companyName);
  return (
    <Container component="main" size="lg" py="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title>Dashboard</Title>
          <Text>Welcome back, {firstName}</Text>
          {companyName && <Text c="gray.7">{companyName}</Text>}
        </Stack>
        <SignOutButton />
      </Group>
    </Container>
  );
}
