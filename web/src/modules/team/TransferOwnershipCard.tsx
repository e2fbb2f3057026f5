import { Button, Card, PasswordInput, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { TeamMember } from "../../api/team";
import { toast, toastError } from "../../ui/toast";
import { useTeamApi, useTeamMutation } from "./hooks";

/** The owner hands the account to another member, confirming with their password. */
export function TransferOwnershipCard({ members }: { members: TeamMember[] }) {
  const api = useTeamApi();
  const [userId, setUserId] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const transfer = useTeamMutation(api.transfer);
  const others = members
    .filter((m) => !m.isYou)
    .map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName} (${m.email})` }));
  if (others.length === 0) return null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    transfer.mutate(
      { userId: userId ?? "", password },
      {
        onSuccess: () => {
          setPassword("");
          toast({ title: "Ownership Transferred", description: "You are no longer the account's owner." });
          // The session's role changed: the console shows what the new role allows.
          window.location.reload();
        },
        onError: (err) => {
          if (isRefusal(err)) setError(err.firstFieldMessage());
          toastError("Ownership Not Transferred", err);
        },
      },
    );
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Transfer Ownership
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        The new owner controls the plan, the payment cards and the team. You stay on as an admin.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <Select label="New owner" data={others} value={userId} onChange={setUserId} />
          <PasswordInput
            label="Your password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="current-password"
          />
          <Button type="submit" color="red.9" loading={transfer.isPending} w="fit-content">
            Transfer Ownership
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
