import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { voicemailAudioUrl } from "../../api/voicemails";
import { formatDuration, formatPhone } from "../../ui/format";
import { useFormat } from "../../ui/time-zone";
import { RecordingPlayer } from "../calls/RecordingPlayer";
import { useRecentVoicemails } from "./queries";

/** The latest voicemails, with View All to the voicemail screen. */
export function RecentVoicemails() {
  const { data, isPending, isError } = useRecentVoicemails();
  const { dateTime } = useFormat();
  return (
    <Card withBorder component="section" aria-labelledby="recent-voicemails-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-voicemails-title">
          Voicemails
        </Title>
        <Anchor component={Link} to="/dashboard/voicemails" size="sm">
          View All
        </Anchor>
      </Group>
      <Stack gap="sm">
        {isPending && <Text c="dimmed">Loading...</Text>}
        {isError && <Text c="red.9">Could not load voicemails.</Text>}
        {data?.voicemails.length === 0 && <Text c="dimmed">No voicemails yet.</Text>}
        {data?.voicemails.map((vm) => (
          <Group key={vm.id} justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={vm.status === "unread" ? 700 : 500}>
                {formatPhone(vm.contactName ?? vm.fromNumber)}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {/* An empty text (no words heard) shows when it was left instead. */}
                {vm.transcription || dateTime(vm.createdAt)}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <RecordingPlayer
                src={voicemailAudioUrl(vm.id)}
                label={`voicemail from ${formatPhone(vm.contactName ?? vm.fromNumber)}`}
              />
              {vm.status === "unread" && <Badge color="blue.9">New</Badge>}
              <Text size="xs" c="dimmed">
                {formatDuration(vm.durationSeconds)}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
