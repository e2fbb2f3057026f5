import { Badge, Group, List, Stack, Text } from "@mantine/core";
import type { CallCard } from "../../../api/softphone";
import { formatDuration } from "../../../ui/format";
import { useFormat } from "../../../ui/time-zone";
import { callStatusLabel } from "../../calls/status";

const DIRECTION_LABELS: Record<string, string> = { inbound: "Inbound", outbound: "Outbound" };

/** Who is on the other end: their contact (if they are one) and their last calls with the account. */
export function CallCardView({ card }: { card: CallCard }) {
  const format = useFormat();
  return (
    <Stack gap="xs" aria-label="Contact card" role="group">
      {card.contact ? (
        <div>
          <Text fw={700}>{card.contact.name}</Text>
          {card.contact.company && <Text size="sm">{card.contact.company}</Text>}
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          Not in your contacts
        </Text>
      )}
      <Text size="xs" fw={700} c="dimmed">
        Recent calls
      </Text>
      {card.recent.length === 0 ? (
        <Text size="sm">None before this one</Text>
      ) : (
        <List spacing={4} size="sm" listStyleType="none">
          {card.recent.map((call) => (
            <List.Item key={call.id}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{format.relative(call.startedAt)}</Text>
                <Badge variant="light" size="sm">
                  {DIRECTION_LABELS[call.direction] ?? call.direction}
                </Badge>
                <Text size="sm">{callStatusLabel(call.status)}</Text>
                <Text size="sm" c="dimmed">
                  {formatDuration(call.durationSeconds)}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
