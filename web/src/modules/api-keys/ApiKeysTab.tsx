import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { ApiKeyRow } from "../../api/api-keys";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { DataTable } from "../../ui/DataTable";
import { LoadError } from "../../ui/QueryState";
import { useFormat } from "../../ui/time-zone";
import { toast, toastError } from "../../ui/toast";
import { CreateApiKeyDialog } from "./CreateApiKeyDialog";
import { useApiKeyMutation, useApiKeys, useApiKeysApi } from "./hooks";

type Dialog = { kind: "none" } | { kind: "create" } | { kind: "revoke"; key: ApiKeyRow };

function StateBadge({ apiKey, now }: { apiKey: ApiKeyRow; now: Date }) {
  if (apiKey.revokedAt)
    return (
      <Badge color="gray" c="dark.9" variant="light">
        Revoked
      </Badge>
    );
  if (apiKey.expiresAt && new Date(apiKey.expiresAt) <= now)
    return (
      <Badge color="yellow" c="dark.9" variant="light">
        Expired
      </Badge>
    );
  return (
    <Badge color="green" c="dark.9" variant="light">
      Active
    </Badge>
  );
}

/** The account's keys to the public API (/v1): owners and admins create and revoke them. */
export function ApiKeysTab() {
  const api = useApiKeysApi();
  const list = useApiKeys();
  const { dateTime, date } = useFormat();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const close = () => setDialog({ kind: "none" });
  const revoke = useApiKeyMutation((key: ApiKeyRow) => api.revoke(key.id));
  const now = new Date();

  function confirmRevoke(key: ApiKeyRow) {
    revoke.mutate(key, {
      onSuccess: () => {
        toast({ title: "Key Revoked", description: `${key.name} no longer opens the API.` });
        close();
      },
      onError: (error) => toastError("Revoke Error", error),
    });
  }

  return (
    <Card withBorder padding="md">
      <Stack>
        <Group justify="space-between" align="end">
          <Stack gap={4}>
            <Title order={2} size="h3">
              API Keys
            </Title>
            <Text size="sm" c="dimmed">
              Keys let your systems call the{" "}
              <Anchor component={Link} to="/developers/api" size="sm" underline="always">
                public API
              </Anchor>{" "}
              as this account, with your role, limited to the scopes you choose.
            </Text>
          </Stack>
          <Button onClick={() => setDialog({ kind: "create" })}>Create API Key</Button>
        </Group>
        {list.isError ? (
          <LoadError
            title="Error loading API keys"
            message={list.error.message}
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.data && list.data.keys.length === 0 ? (
          <Text size="sm" c="dimmed">
            No API keys yet.
          </Text>
        ) : (
          <DataTable<ApiKeyRow>
            aria-label="API keys"
            records={list.data?.keys ?? []}
            fetching={list.isPending}
            minHeight={list.isPending ? 150 : undefined}
            columns={[
              { accessor: "name", title: "Name" },
              { accessor: "prefix", title: "Key", render: (k) => <code>{k.prefix}…</code> },
              { accessor: "scopes", title: "Scopes", render: (k) => k.scopes.join(", ") },
              {
                accessor: "createdAt",
                title: "Created",
                render: (k) => `${date(k.createdAt)} by ${k.createdBy.name}`,
              },
              {
                accessor: "expiresAt",
                title: "Expires",
                render: (k) => (k.expiresAt ? date(k.expiresAt) : "Never"),
              },
              {
                accessor: "lastUsedAt",
                title: "Last used",
                render: (k) =>
                  k.lastUsedAt ? `${dateTime(k.lastUsedAt)} from ${k.lastUsedIp ?? "?"}` : "Never",
              },
              { accessor: "state", title: "State", render: (k) => <StateBadge apiKey={k} now={now} /> },
              {
                accessor: "actions",
                title: "Actions",
                textAlign: "right",
                render: (k) =>
                  k.revokedAt ? null : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      c="red.9"
                      onClick={() => setDialog({ kind: "revoke", key: k })}
                      aria-label={`Revoke ${k.name}`}
                    >
                      Revoke
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Stack>
      {dialog.kind === "create" ? <CreateApiKeyDialog onClose={close} /> : null}
      {dialog.kind === "revoke" ? (
        <ConfirmDialog
          title="Revoke API Key"
          message={
            <>
              Revoke <strong>{dialog.key.name}</strong>? Requests with it are refused from now on; this cannot
              be undone.
            </>
          }
          confirmLabel="Revoke Key"
          danger
          pending={revoke.isPending}
          onConfirm={() => confirmRevoke(dialog.key)}
          onCancel={close}
        />
      ) : null}
    </Card>
  );
}
