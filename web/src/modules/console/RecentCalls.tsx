import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { PhoneIncoming, PhoneMissed, PhoneOutgoing } from "lucide-react";
import { Link } from "react-router";
import type { CallSummary } from "../../api/console";
import { formatDuration, formatPhone } from "../../ui/format";
import { useFormat } from "../../ui/time-zone";
import { callStatusLabel } from "../calls/status";
import { useRecentCalls } from "./queries";

const MISSED = new Set(["missed", "voicemail_missed", "no-answer", "busy", "canceled"]);

function CallRow({ call }: { call: CallSummary }) {
  const other = call.direction === "inbound" ? call.fromNumber : call.toNumber;
  const missed = MISSED.has(call.callStatus);
  const { dateTime } = useFormat();
  const Icon = missed ? PhoneMissed : call.direction === "inbound" ? PhoneIncoming : PhoneOutgoing;
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="recent-call">
      <Group gap="sm" wrap="nowrap">
        <Icon
          size={18}
          aria-label={missed ? "Missed" : call.direction}
          color={missed ? "#c92a2a" : undefined}
        />
        <div>
          <Text size="sm" fw={500}>
            {formatPhone(call.contactName ?? other)}
          </Text>
          <Text size="xs" c="dimmed">
            {dateTime(call.callStartTime)}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Badge variant="outline" color={missed ? "red.9" : "gray.7"}>
          {callStatusLabel(call.callStatus)}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDuration(call.durationSeconds)}
        </Text>
      </Group>
    </Group>
  );
}

/** The latest calls of the account, with View All to the call history. */
export function RecentCalls() {
  const { data, isPending, isError } = useRecentCalls();
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Recent Calls
        </Title>
        <Anchor component={Link} to="/dashboard/call-history" size="sm">
          View All
        </Anchor>
      </Group>
      <Stack gap="sm">
        {isPending && <Text c="dimmed">Loading...</Text>}
        {isError && <Text c="red.9">Could not load recent calls.</Text>}
        {data?.calls.length === 0 && <Text c="dimmed">No calls yet.</Text>}
        {data?.calls.map((call) => (
          <CallRow key={call.id} call={call} />
        ))}
      </Stack>
    </Card>
  );
}
