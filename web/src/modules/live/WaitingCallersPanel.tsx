import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Hourglass } from "lucide-react";
import type { WaitingCaller } from "../../api/console";
import { formatDuration, formatPhone } from "../../ui/format";
import { useWaitingCallers } from "../console/queries";
import { useNow } from "./useNow";

/** What a waiting caller is doing: rung for, waiting their turn, or to be called back. */
function WaitingState({ caller }: { caller: WaitingCaller }) {
  if (caller.callbackNumber)
    return (
      <Badge autoContrast color="grape.2">
        Call back {formatPhone(caller.callbackNumber)}
      </Badge>
    );
  return (
    <Badge autoContrast color={caller.ringing ? "yellow.4" : "gray.2"}>
      {caller.ringing ? "Ringing the team" : "Waiting"}
    </Badge>
  );
}

/** Callers in the ring groups' lines, in order: GET /api/calls/waiting, refetched on queue.changed. */
export function WaitingCallersPanel() {
  const { data, isPending } = useWaitingCallers();
  const now = useNow();
  const callers = data?.callers ?? [];
  return (
    <Card withBorder component="section" aria-label="Waiting callers">
      <Title order={2} size="h4" mb="sm">
        Waiting
      </Title>
      <Stack gap="sm">
        {isPending && <Text c="dimmed">Loading...</Text>}
        {!isPending && callers.length === 0 && <Text c="dimmed">Nobody is waiting.</Text>}
        {callers.map((caller) => (
          <Group key={caller.callSid} justify="space-between" wrap="nowrap" data-testid="waiting-caller">
            <Group gap="sm" wrap="nowrap">
              <Hourglass size={18} aria-hidden />
              <div>
                <Text size="sm" fw={500}>
                  {caller.position}. {caller.from ? formatPhone(caller.from) : "Unknown caller"}
                </Text>
                <Text size="xs" c="dimmed">
                  In line for {formatPhone(caller.numberE164)}
                </Text>
              </div>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <WaitingState caller={caller} />
              <Text size="xs" c="dimmed" aria-label="Waiting for">
                {formatDuration(Math.max(0, (now - Date.parse(caller.since)) / 1000))}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
