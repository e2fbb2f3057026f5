import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ActiveSession } from "../../api/settings";
import { sessionKey, signedOutHere } from "../../app/session";
import { DataTable } from "../../ui/DataTable";
import { useFormat } from "../../ui/time-zone";
import { toast } from "../../ui/toast";
import { failureToast, settingsKeys, useActiveSessions, useSettingsApi } from "./hooks";
import { TwoFactorCard } from "./TwoFactorCard";

/** Seed 001's security section, built: two-factor authentication and the active sessions. */
export function SecurityTab() {
  return (
    <Stack gap="lg">
      <TwoFactorCard />
      <SessionsCard />
    </Stack>
  );
}

function SessionsCard() {
  const api = useSettingsApi();
  const sessions = useActiveSessions();
  const { dateTime } = useFormat();
  const when = (iso: string | null) => (iso ? dateTime(iso) : "");
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  // Plain mutations: ending this browser's session must not refetch anything first (the guard
  // would announce a missing session); the list is read again only when another one ended.
  const revoke = useMutation({ mutationFn: api.revokeSession });
  const everywhere = useMutation({ mutationFn: api.signOutEverywhere });

  async function end(session: ActiveSession) {
    try {
      await revoke.mutateAsync(session.id);
    } catch (error) {
      failureToast("Sign Out Failed")(error as Error);
      return;
    }
    if (session.current) await leave();
    else await client.invalidateQueries({ queryKey: settingsKeys.sessions });
    toast({ title: "Session Signed Out", description: session.device });
  }

  async function signOutEverywhere() {
    try {
      const answer = await everywhere.mutateAsync(false);
      await leave();
      toast({ title: "Signed Out", description: answer.message });
    } catch (error) {
      failureToast("Sign Out Failed")(error as Error);
    }
  }

  /** To /login first, then signed out (as the user menu's sign-out does). */
  async function leave() {
    await navigate("/login");
    client.setQueryData(sessionKey, signedOutHere);
  }

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Active Sessions
        </Title>
        <Button variant="default" onClick={() => setConfirmEverywhere(true)}>
          Sign Out Everywhere
        </Button>
      </Group>
      <DataTable<ActiveSession>
        aria-label="Active sessions"
        records={sessions.data?.sessions ?? []}
        fetching={sessions.isFetching}
        minHeight={120}
        noRecordsText="No active sessions."
        striped
        columns={[
          {
            accessor: "device",
            title: "Device",
            render: (s) => (
              <Group gap="xs">
                <Text size="sm">{s.device}</Text>
                {s.current && (
                  <Badge size="sm" variant="filled" color="blue.9">
                    This device
                  </Badge>
                )}
              </Group>
            ),
          },
          { accessor: "ipAddress", title: "Address", render: (s) => s.ipAddress ?? "" },
          { accessor: "lastSeenAt", title: "Last Seen", render: (s) => when(s.lastSeenAt) },
          { accessor: "createdAt", title: "Signed In", render: (s) => when(s.createdAt) },
          {
            accessor: "id",
            title: "Actions",
            textAlign: "right",
            render: (s) => (
              <Button
                size="xs"
                variant="default"
                onClick={() => end(s)}
                aria-label={`Sign out ${s.device}${s.current ? " (this device)" : ""}`}
              >
                Sign Out
              </Button>
            ),
          },
        ]}
      />
      <Modal
        opened={confirmEverywhere}
        onClose={() => setConfirmEverywhere(false)}
        title="Sign out everywhere?"
      >
        <Text size="sm" mb="md">
          Every session ends, this one too. You will need to sign in again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmEverywhere(false)}>
            Cancel
          </Button>
          <Button color="red.9" loading={everywhere.isPending} onClick={signOutEverywhere}>
            Sign Out Everywhere
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
