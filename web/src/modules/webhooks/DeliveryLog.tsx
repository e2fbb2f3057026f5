import { Badge, Button, Code, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { Webhook, WebhookDelivery } from "../../api/webhooks";
import { DataTable } from "../../ui/DataTable";
import { LoadError } from "../../ui/QueryState";
import { useFormat } from "../../ui/time-zone";
import { toast, toastError } from "../../ui/toast";
import { DELIVERIES_PAGE_SIZE, useDeliveries, useWebhookMutation, useWebhooksApi } from "./hooks";

const statusColors = { pending: "yellow", delivered: "green", failed: "red" } as const;

function outcomeOf(delivery: WebhookDelivery): string {
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  return delivery.lastError ?? "Not sent yet";
}

/** A subscription's deliveries, newest first: each one's outcome, its attempts in a detail, and Replay. */
export function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<WebhookDelivery | null>(null);
  const deliveries = useDeliveries(webhook.id, page);
  const api = useWebhooksApi();
  const { dateTime } = useFormat();
  const replay = useWebhookMutation((delivery: WebhookDelivery) => api.replay(webhook.id, delivery.id));

  function replayDelivery(delivery: WebhookDelivery) {
    replay.mutate(delivery, {
      onSuccess: () => toast({ title: "Replay Sent", description: `${delivery.eventType} is sent again.` }),
      onError: (error) => toastError("Replay Error", error),
    });
  }

  if (deliveries.isError)
    return (
      <LoadError
        title="Error loading deliveries"
        message={deliveries.error.message}
        onRetry={() => deliveries.refetch()}
        retrying={deliveries.isFetching}
      />
    );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Delivery Log
      </Title>
      <DataTable<WebhookDelivery>
        aria-label={`Deliveries to ${webhook.url}`}
        records={deliveries.data?.deliveries ?? []}
        fetching={deliveries.isPending}
        minHeight={150}
        noRecordsText="No deliveries yet"
        paging={{
          page,
          pageSize: DELIVERIES_PAGE_SIZE,
          total: deliveries.data?.total ?? 0,
          onPageChange: setPage,
        }}
        columns={[
          { accessor: "eventType", title: "Event" },
          { accessor: "createdAt", title: "Time", render: (d) => dateTime(d.createdAt) },
          {
            accessor: "status",
            title: "Status",
            render: (d) => (
              <Badge color={statusColors[d.status]} c="dark.9" variant="light">
                {d.status}
              </Badge>
            ),
          },
          { accessor: "lastStatusCode", title: "Response", render: outcomeOf },
          { accessor: "attempts", title: "Attempts" },
          {
            accessor: "duration",
            title: "Duration",
            render: (d) => (d.attemptLog[0] ? `${d.attemptLog[0].durationMs} ms` : "—"),
          },
          {
            accessor: "actions",
            title: "Actions",
            textAlign: "right",
            render: (d) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setDetail(d)}
                  aria-label={`Details of ${d.eventType}`}
                >
                  Details
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => replayDelivery(d)}
                  aria-label={`Replay ${d.eventType}`}
                >
                  Replay
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {detail ? <DeliveryDetail delivery={detail} onClose={() => setDetail(null)} /> : null}
    </Stack>
  );
}

/** What each attempt sent (body and headers) and what came back. */
function DeliveryDetail({ delivery, onClose }: { delivery: WebhookDelivery; onClose: () => void }) {
  const { dateTime } = useFormat();
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={delivery.eventType}
      size="xl"
    >
      <Stack>
        {delivery.attemptLog.length === 0 ? <Text size="sm">Not sent yet.</Text> : null}
        {delivery.attemptLog.map((attempt) => (
          <Stack key={attempt.id} gap={4}>
            <Text size="sm" fw={600}>
              Attempt {attempt.attempt}
              {attempt.manual ? " (replay)" : ""}, {dateTime(attempt.attemptedAt)}:{" "}
              {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : attempt.error},{" "}
              {attempt.durationMs} ms
            </Text>
            <Text size="xs" c="dimmed">
              Headers sent
            </Text>
            <Code block>
              {Object.entries(attempt.requestHeaders)
                .map(([name, value]) => `${name}: ${value}`)
                .join("\n")}
            </Code>
            <Text size="xs" c="dimmed">
              Body sent
            </Text>
            <Code block>{attempt.requestBody}</Code>
            <Text size="xs" c="dimmed">
              Response
            </Text>
            <Code block>{attempt.responseExcerpt || "(empty)"}</Code>
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
