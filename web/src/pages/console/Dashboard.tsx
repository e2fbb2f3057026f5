import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { useSession } from "../../app/session";
import { SignOutButton } from "./SignOutButton";

/** A placeholder for the signed-in area until the console is built. */
export function DashboardPage() {
  const { user, account } = useSession();
  return (
    <Container component="main" size="lg" py="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title>Dashboard</Title>
          <Text>Welcome back, {user?.firstName}</Text>
          {account?.companyName && <Text c="gray.7">{account.companyName}</Text>}
        </Stack>
        <SignOutButton />
      </Group>
    </Container>
  );
}
