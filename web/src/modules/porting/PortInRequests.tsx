import { Anchor, Badge, Button, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { portInStatusLabels } from "@poundline/domain/porting";
import type { ReactNode } from "react";
import { useState } from "react";
import type { PhoneNumber } from "../../api/numbers";
import { letterUrl, type PortInRequest } from "../../api/porting";
import { useCan } from "../../app/session";
import { formatPhone } from "../../ui/format";
import { EmptyState, QueryState } from "../../ui/QueryState";
import { useFormat } from "../../ui/time-zone";
import { toast, toastError } from "../../ui/toast";
import { useNumberList } from "../numbers/hooks";
import { usePortIns, usePortingApi, usePortingMutation } from "./hooks";
import { PortInDialog } from "./PortInDialog";

const STATUS_COLORS: Record<string, string> = {
  completed: "green",
  canceled: "gray",
  action_required: "red",
  rejected: "red",
};

export function StatusBadge({ status }: { status: keyof typeof portInStatusLabels }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? "blue"} c="dark.9" variant="light">
      {portInStatusLabels[status]}
    </Badge>
  );
}

/** One request: its numbers with their states, the letter, and the history. */
export function PortInCard({ request, actions }: { request: PortInRequest; actions?: ReactNode }) {
  const { dateTime } = useFormat();
  return (
    <Card withBorder padding="md" aria-label={`Port-in request ${request.id}`} component="section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{request.customerName}</Text>
            <StatusBadge status={request.status} />
          </Group>
          <Group gap="xs">
            <Anchor href={letterUrl(request.id)} size="sm">
              Signed letter (PDF)
            </Anchor>
            {actions}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Target date {request.targetDate}
          {request.temporaryNumber ? ` · temporary number ${formatPhone(request.temporaryNumber.e164)}` : ""}
          {request.routingMovedAt ? " · routing moved to the ported number" : ""}
        </Text>
        <List size="sm" aria-label="Numbers">
          {request.numbers.map((n) => (
            <List.Item key={n.id}>
              {formatPhone(n.e164)}: {portInStatusLabels[n.status]}
              {n.rejectionReason ? ` (${n.rejectionReason})` : ""}
            </List.Item>
          ))}
        </List>
        <details>
          <summary>History</summary>
          <List size="sm">
            {request.events.map((e) => (
              <List.Item key={e.id}>
                {dateTime(e.createdAt)}: {e.detail}
              </List.Item>
            ))}
          </List>
        </details>
      </Stack>
    </Card>
  );
}

function CancelButton({ request }: { request: PortInRequest }) {
  const api = usePortingApi();
  const cancel = usePortingMutation(api.cancel);
  if (request.status === "completed" || request.status === "canceled") return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      c="red.9"
      loading={cancel.isPending}
      onClick={() =>
        cancel.mutate(request.id, {
          onSuccess: () => toast({ title: "Port-In Canceled", description: "The request was canceled." }),
          onError: (error) => toastError("Cancel Error", error),
        })
      }
    >
      Cancel request
    </Button>
  );
}

/** The Phone Numbers page's port-in part: the "Port a number" action and the account's requests. */
export function PortInRequests() {
  const query = usePortIns();
  const numbers: PhoneNumber[] = useNumberList().data?.numbers ?? [];
  const canPort = useCan("numbers.buy");
  const [open, setOpen] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          Port-In Requests
        </Title>
        {canPort ? <Button onClick={() => setOpen(true)}>Port a number</Button> : null}
      </Group>
      <QueryState
        query={query}
        loadingText="Loading port-in requests"
        errorTitle="Error Fetching Port-In Requests"
      >
        {(data) =>
          data.requests.length === 0 ? (
            <EmptyState title="No port-in requests">
              Bring your existing numbers over from another carrier.
            </EmptyState>
          ) : (
            <Stack>
              {data.requests.map((request) => (
                <PortInCard
                  key={request.id}
                  request={request}
                  actions={canPort ? <CancelButton request={request} /> : null}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {open ? <PortInDialog numbers={numbers} onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}
