import { ActionIcon, Badge, Box, Button, Collapse, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { Mail, MailOpen, Pause, Play, Trash2 } from "lucide-react";
import { type Voicemail, voicemailAudioUrl } from "../../api/voicemails";
import { formatClockDuration, formatPhone } from "../../ui/format";
import { useFormat } from "../../ui/time-zone";
import { VoicemailInbox } from "../inbox/VoicemailInbox";
import { transcriptionText } from "./format";

interface VoicemailItemProps {
  voicemail: Voicemail;
  expanded: boolean;
  onToggle: () => void;
  onPlayed: () => void;
  onSetStatus: (status: "read" | "unread") => void;
  onDelete: () => void;
}

/** One voicemail: caller, time, duration, transcription; its playback bar opens below. */
export function VoicemailItem({
  voicemail: vm,
  expanded,
  onToggle,
  onPlayed,
  onSetStatus,
  onDelete,
}: VoicemailItemProps) {
  const unread = vm.status === "unread";
  const caller = formatPhone(vm.contactName ?? vm.fromNumber);
  const time = useFormat().time(vm.createdAt);
  return (
    <Paper withBorder p="sm" component="li" data-testid="voicemail" data-status={vm.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" align="flex-start">
          <ActionIcon
            variant="light"
            size="lg"
            radius="xl"
            aria-label={expanded ? `Hide the player for ${caller}` : `Play voicemail from ${caller}`}
            aria-expanded={expanded}
            onClick={onToggle}
          >
            {expanded ? <Pause size={18} aria-hidden /> : <Play size={18} aria-hidden />}
          </ActionIcon>
          <Box>
            <Group gap="xs">
              <Text fw={unread ? 700 : 500}>{caller}</Text>
              {unread && (
                <Badge size="sm" color="blue">
                  Unread
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {vm.contactName ? `${formatPhone(vm.fromNumber)} · ` : ""}
              {time} · {formatClockDuration(vm.durationSeconds)}
            </Text>
            <Text
              size="sm"
              mt={4}
              c={vm.transcription ? undefined : "dimmed"}
              fs={vm.transcription ? undefined : "italic"}
            >
              {transcriptionText(vm)}
            </Text>
            <VoicemailInbox voicemail={vm} caller={caller} />
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={unread ? "Mark as read" : "Mark as unread"}>
            <ActionIcon
              variant="subtle"
              aria-label={
                unread ? `Mark voicemail from ${caller} as read` : `Mark voicemail from ${caller} as unread`
              }
              onClick={() => onSetStatus(unread ? "read" : "unread")}
            >
              {unread ? <MailOpen size={18} aria-hidden /> : <Mail size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete voicemail from ${caller}`}
              onClick={onDelete}
            >
              <Trash2 size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Collapse in={expanded}>
        <Stack gap="xs" mt="sm">
          {expanded &&
            (vm.hasRecording ? (
              // biome-ignore lint/a11y/useMediaCaption: the transcription above is the caption
              <audio
                controls
                // Opened by "Play voicemail": it plays at once (the click allows the playback).
                autoPlay
                preload="metadata"
                src={voicemailAudioUrl(vm.id)}
                style={{ width: "100%" }}
                aria-label={`Voicemail from ${caller}`}
                onPlay={onPlayed}
                data-testid="voicemail-audio"
              />
            ) : (
              <Text size="sm" c="dimmed">
                The recording is not available yet.
              </Text>
            ))}
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" onClick={onToggle}>
              Close
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Paper>
  );
}
