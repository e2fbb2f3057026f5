import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { PhoneCall } from "lucide-react";
import { useEffect, useState } from "react";
import { formatPhone } from "../../lib/format";
import { formatDuration } from "../console/format";
import { useActiveCalls } from "../console/queries";
import { panelCalls } from "./calls";
import { useLiveCalls, useLiveStatus } from "./store";

/** The time now, ticking every second while shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const STATUS_LABELS: Record<string, string> = {
  queued: "Ringing",
  initiated: "Ringing",
  ringing: "Ringing",
  "in-progress": "In progress",
  completed: "Ended",
};

/** Calls ringing or in progress: GET /api/calls/active, kept current by the live call events. */
export function ActiveCallsPanel() {
  const { data, isPending } = useActiveCalls();
  const live = useLiveCalls();
  const status = useLiveStatus();
  const now = useNow();
  const calls = panelCalls(data?.calls ?? [], live, now);
  return (
    <Card withBorder component="section" aria-label="Active calls">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Active Calls
        </Title>
        <Badge variant="dot" color={status === "open" ? "teal" : "gray"}>
          {status === "open" ? "Live" : "Reconnecting..."}
        </Badge>
      </Group>
      <Stack gap="sm">
        {isPending && calls.length === 0 && <Text c="dimmed">Loading...</Text>}
        {!isPending && calls.length === 0 && <Text c="dimmed">No active calls.</Text>}
        {calls.map((call) => (
          <Group key={call.key} justify="space-between" wrap="nowrap" data-testid="active-call">
            <Group gap="sm" wrap="nowrap">
              <PhoneCall size={18} aria-hidden />
              <div>
                <Text size="sm" fw={500}>
                  {formatPhone(call.name ?? call.other)}
                </Text>
                <Text size="xs" c="dimmed">
                  {call.direction === "inbound"
                    ? `Incoming to ${formatPhone(call.ourNumber)}`
                    : `Outgoing from ${formatPhone(call.ourNumber)}`}
                </Text>
              </div>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Badge
                autoContrast
                color={call.ended ? "gray.7" : call.status === "in-progress" ? "teal.9" : "yellow.4"}
              >
                {STATUS_LABELS[call.status] ?? call.status.replace("_", " ")}
              </Badge>
              {!call.ended && (
                <Text size="xs" c="dimmed">
                  {formatDuration((now - Date.parse(call.since)) / 1000)}
                </Text>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
