import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { Webhook } from "../../api/webhooks";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { DataTable } from "../../ui/DataTable";
import { LoadError } from "../../ui/QueryState";
import { toast, toastError } from "../../ui/toast";
import { DeliveryLog } from "./DeliveryLog";
import { useWebhookMutation, useWebhooks, useWebhooksApi } from "./hooks";
import { SigningSecret } from "./SigningSecret";
import { WebhookDialog } from "./WebhookDialog";

type Dialog = { kind: "none" } | { kind: "add" } | { kind: "edit" | "delete"; webhook: Webhook };

function StatusBadge({ webhook }: { webhook: Webhook }) {
  return webhook.enabled ? (
    <Badge color="green" c="dark.9" variant="light">
      Enabled
    </Badge>
  ) : (
    <Badge color="red" c="dark.9" variant="light">
      Disabled
    </Badge>
  );
}

/** The account's outgoing webhooks: the list, a form, the signing secret, test events and each one's delivery log. */
export function Webhooks() {
  const list = useWebhooks();
  const api = useWebhooksApi();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const close = () => setDialog({ kind: "none" });
  const webhooks = list.data?.webhooks ?? [];
  const selected = webhooks.find((w) => w.id === selectedId) ?? webhooks[0] ?? null;
  const sendTest = useWebhookMutation((webhook: Webhook) => api.sendTest(webhook.id));
  const remove = useWebhookMutation((webhook: Webhook) => api.remove(webhook.id));
  const toggle = useWebhookMutation((webhook: Webhook) =>
    api.update(webhook.id, { enabled: !webhook.enabled }),
  );

  function test(webhook: Webhook) {
    setSelectedId(webhook.id);
    sendTest.mutate(webhook, {
      onSuccess: () =>
        toast({ title: "Test Event Sent", description: `webhook.test is on its way to ${webhook.url}.` }),
      onError: (error) => toastError("Test Event Error", error),
    });
  }

  function confirmDelete(webhook: Webhook) {
    remove.mutate(webhook, {
      onSuccess: () => {
        toast({ title: "Webhook Deleted", description: webhook.url });
        close();
      },
      onError: (error) => toastError("Delete Error", error),
    });
  }

  return (
    <Stack>
      <Card withBorder padding="md">
        <Stack>
          <Group justify="space-between" align="end">
            <Stack gap={4}>
              <Title order={1} size="h3">
                Webhooks
              </Title>
              <Text size="sm" c="dimmed">
                Tell your other systems when calls, texts, voicemails, contacts and numbers change: signed
                HTTPS requests, retried for three days.
              </Text>
            </Stack>
            <Button onClick={() => setDialog({ kind: "add" })}>Add Webhook</Button>
          </Group>
          {list.isError ? (
            <LoadError
              title="Error loading webhooks"
              message={list.error.message}
              onRetry={() => list.refetch()}
              retrying={list.isFetching}
            />
          ) : (
            <WebhookTable
              webhooks={webhooks}
              fetching={list.isPending}
              onLog={(w) => setSelectedId(w.id)}
              onTest={test}
              onEdit={(w) => setDialog({ kind: "edit", webhook: w })}
              onToggle={(w) =>
                toggle.mutate(w, { onError: (error) => toastError("Webhook Not Saved", error) })
              }
              onDelete={(w) => setDialog({ kind: "delete", webhook: w })}
            />
          )}
        </Stack>
      </Card>

      {selected ? (
        <Card withBorder padding="md">
          <Stack>
            <Title order={2} size="h4">
              {selected.url}
            </Title>
            {selected.disabledReason ? (
              <Alert
                color="red"
                title="Disabled"
                role="status"
                styles={{ title: { color: "var(--mantine-color-red-9)" } }}
              >
                <Text size="sm">{selected.disabledReason}</Text>
              </Alert>
            ) : null}
            <SigningSecret webhook={selected} />
            <DeliveryLog webhook={selected} />
          </Stack>
        </Card>
      ) : null}

      {dialog.kind === "add" ? <WebhookDialog onClose={close} /> : null}
      {dialog.kind === "edit" ? <WebhookDialog webhook={dialog.webhook} onClose={close} /> : null}
      {dialog.kind === "delete" ? (
        <ConfirmDialog
          title="Delete Webhook"
          message={
            <>
              Delete the webhook to <strong>{dialog.webhook.url}</strong> and its delivery log?
            </>
          }
          confirmLabel="Delete Webhook"
          danger
          pending={remove.isPending}
          onConfirm={() => confirmDelete(dialog.webhook)}
          onCancel={close}
        />
      ) : null}
    </Stack>
  );
}

type WebhookAction = (webhook: Webhook) => void;

interface WebhookTableProps {
  webhooks: Webhook[];
  fetching: boolean;
  onLog: WebhookAction;
  onTest: WebhookAction;
  onEdit: WebhookAction;
  onToggle: WebhookAction;
  onDelete: WebhookAction;
}

/** The subscriptions, each with its actions. */
function WebhookTable(props: WebhookTableProps) {
  return (
    <DataTable<Webhook>
      aria-label="Webhooks"
      records={props.webhooks}
      fetching={props.fetching}
      minHeight={150}
      noRecordsText="No webhooks yet"
      columns={[
        {
          accessor: "url",
          title: "Endpoint",
          render: (w) => (
            <Stack gap={0}>
              <Text size="sm">{w.url}</Text>
              {w.description ? (
                <Text size="xs" c="dimmed">
                  {w.description}
                </Text>
              ) : null}
            </Stack>
          ),
        },
        { accessor: "eventTypes", title: "Events", render: (w) => w.eventTypes.length },
        { accessor: "enabled", title: "Status", render: (w) => <StatusBadge webhook={w} /> },
        {
          accessor: "actions",
          title: "Actions",
          textAlign: "right",
          render: (w) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Button
                size="xs"
                variant="subtle"
                onClick={() => props.onLog(w)}
                aria-label={`Delivery log of ${w.url}`}
              >
                Log
              </Button>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => props.onTest(w)}
                aria-label={`Send a test event to ${w.url}`}
              >
                Send Test Event
              </Button>
              <Button size="xs" variant="subtle" onClick={() => props.onEdit(w)} aria-label={`Edit ${w.url}`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => props.onToggle(w)}
                aria-label={`${w.enabled ? "Disable" : "Enable"} ${w.url}`}
              >
                {w.enabled ? "Disable" : "Enable"}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                c="red.9"
                onClick={() => props.onDelete(w)}
                aria-label={`Delete ${w.url}`}
              >
                Delete
              </Button>
            </Group>
          ),
        },
      ]}
    />
  );
}
