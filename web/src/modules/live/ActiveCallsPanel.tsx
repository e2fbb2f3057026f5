import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { PhoneCall } from "lucide-react";
import { useEffect, useState } from "react";
import { formatDuration } from "../console/format";
import { useActiveCalls } from "../console/queries";
import { useLiveStatus } from "./store";

/** Seconds since `iso`, ticking every second while shown. */
function useElapsed(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return iso ? Math.max(0, Math.round((now - Date.parse(iso)) / 1000)) : 0;
}

function Elapsed({ since }: { since: string }) {
  return <>{formatDuration(useElapsed(since))}</>;
}

/** Calls ringing or in progress now: from GET /api/calls/active, refetched on every live call event. */
export function ActiveCallsPanel() {
  const { data, isPending } = useActiveCalls();
  const status = useLiveStatus();
  const calls = data?.calls ?? [];
  return (
    <Card withBorder aria-label="Active calls">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Active Calls
        </Title>
        <Badge variant="dot" color={status === "open" ? "teal" : "gray"}>
          {status === "open" ? "Live" : "Reconnecting..."}
        </Badge>
      </Group>
      <Stack gap="sm">
        {isPending && <Text c="dimmed">Loading...</Text>}
        {!isPending && calls.length === 0 && <Text c="dimmed">No active calls.</Text>}
        {calls.map((call) => {
          const other = call.direction === "inbound" ? call.fromNumber : call.toNumber;
          return (
            <Group key={call.id} justify="space-between" wrap="nowrap" data-testid="active-call">
              <Group gap="sm" wrap="nowrap">
                <PhoneCall size={18} aria-hidden />
                <div>
                  <Text size="sm" fw={500}>
                    {call.contactName ?? other}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {call.direction === "inbound" ? `To ${call.toNumber}` : `From ${call.fromNumber}`}
                  </Text>
                </div>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Badge color={call.callStatus === "in-progress" ? "teal" : "yellow"}>
                  {call.callStatus === "in-progress" ? "In progress" : "Ringing"}
                </Badge>
                <Text size="xs" c="dimmed">
                  <Elapsed since={call.answeredAt ?? call.callStartTime} />
                </Text>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
