import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { PhoneCall } from "lucide-react";
import { useState } from "react";
import { useCan } from "../../app/session";
import { formatDuration, formatPhone } from "../../ui/format";
import { TransferDialog } from "../calls/TransferDialog";
import { useActiveCalls } from "../console/queries";
import { usePresence } from "../people/hooks";
import { PhoneCallRoomControls } from "../softphone/components/CallRoomControls";
import { membersOnCall, panelCalls } from "./calls";
import { useLiveCalls, useLiveStatus } from "./store";
import { useNow } from "./useNow";

const STATUS_LABELS: Record<string, string> = {
  queued: "Ringing",
  initiated: "Ringing",
  ringing: "Ringing",
  "in-progress": "In progress",
  completed: "Ended",
};

/** Who of the team is on the call: who answered an incoming one, who placed an outgoing one. */
function CallTeam({ names, inbound }: { names: string[]; inbound: boolean }) {
  if (names.length === 0) return null;
  return (
    <Text size="xs" c="gray.7" data-testid="call-team">
      {inbound ? "Answered by" : "Placed by"} {names.join(", ")}
    </Text>
  );
}

/** Calls ringing or in progress: GET /api/calls/active, kept current by the live call events. */
export function ActiveCallsPanel() {
  const { data, isPending } = useActiveCalls();
  const live = useLiveCalls();
  const status = useLiveStatus();
  const now = useNow();
  const calls = panelCalls(data?.calls ?? [], live, now);
  const team = usePresence().data?.members ?? [];
  const canTransfer = useCan("calls.place");
  const [transferring, setTransferring] = useState<string | null>(null);
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
        {calls.map((call) => {
          const onCall = membersOnCall(team, call.key);
          const inProgress = !call.ended && call.status === "in-progress" && call.direction === "inbound";
          return (
            <Stack key={call.key} gap={6} data-testid="active-call">
              <Group justify="space-between" wrap="nowrap">
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
                    <CallTeam names={onCall} inbound={call.direction === "inbound"} />
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
                  {canTransfer && inProgress && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={`Transfer the call from ${formatPhone(call.name ?? call.other)}`}
                      onClick={() => setTransferring(call.key)}
                    >
                      Transfer
                    </Button>
                  )}
                </Group>
              </Group>
              {/* Taken in a browser, the call is held from that browser's softphone; on a phone, from here. */}
              {canTransfer && inProgress && call.onPhone && <PhoneCallRoomControls callSid={call.key} />}
            </Stack>
          );
        })}
      </Stack>
      {transferring && <TransferDialog callSid={transferring} opened onClose={() => setTransferring(null)} />}
    </Card>
  );
}
