import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Download, FileAudio } from "lucide-react";
import type { CallLog, CallRecording } from "../../api/calls";
import { formatDuration, formatPhone } from "../../ui/format";
import { QueryState } from "../../ui/QueryState";
import { whyNoText } from "../voicemails/format";
import { recordingDeletedText } from "./format";
import { useCallRecordings } from "./hooks";
import { RecordingPlayer } from "./RecordingPlayer";

/** Why a call's recording has no transcript (null: it has one), worded as voicemails word theirs. */
export function transcriptNote(
  recording: Pick<CallRecording, "transcriptionStatus" | "transcript">,
): string | null {
  if (recording.transcript.length > 0) return null;
  return whyNoText(recording.transcriptionStatus, "No words were heard on this call.");
}

const at = (seconds: number) => formatDuration(Math.floor(seconds));

/** Who spoke, as the call's direction names them: the team, and the caller (or the one called). */
function speakerLabel(
  speaker: CallRecording["transcript"][number]["speaker"],
  direction: CallLog["direction"],
) {
  if (speaker === "team") return "Team";
  if (speaker === "other") return direction === "inbound" ? "Caller" : "Called party";
  return null;
}

function Transcript({ recording, call }: { recording: CallRecording; call: CallLog }) {
  const note = transcriptNote(recording);
  if (note)
    return (
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    );
  return (
    <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: "none" }} aria-label="Transcript">
      {recording.transcript.map((turn) => (
        <Text component="li" size="sm" key={`${turn.startSeconds}-${turn.speaker}`}>
          <Text span c="dimmed" size="xs" mr={6}>
            {at(turn.startSeconds)}
          </Text>
          {speakerLabel(turn.speaker, call.direction) ? (
            <Text span fw={600} mr={6}>
              {speakerLabel(turn.speaker, call.direction)}:
            </Text>
          ) : null}
          {turn.text}
        </Text>
      ))}
    </Stack>
  );
}

function RecordingCard({
  recording,
  call,
  index,
}: {
  recording: CallRecording;
  call: CallLog;
  index: number;
}) {
  const title = recording.source === "room" ? "Held and merged part" : "Call";
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Recording ${index + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600} size="sm">
              Recording {index + 1}: {title}
            </Text>
            <Badge variant="light" color="gray" c="dark.9" size="sm">
              {formatDuration(recording.durationSeconds)}
            </Badge>
          </Group>
          {recording.downloadUrl ? (
            <Anchor href={recording.downloadUrl} download size="sm">
              <Group gap={4} wrap="nowrap">
                <Download size={14} aria-hidden />
                Download
              </Group>
            </Anchor>
          ) : null}
        </Group>
        {recording.audioUrl ? (
          <RecordingPlayer src={recording.audioUrl} label={`recording ${index + 1} of the call`} />
        ) : (
          <Text size="sm" c="dimmed">
            {recording.status === "pending"
              ? "Saving the recording…"
              : recording.deletedAfterDays !== null
                ? recordingDeletedText({ afterDays: recording.deletedAfterDays })
                : "The recording could not be saved."}
          </Text>
        )}
        <Transcript recording={recording} call={call} />
      </Stack>
    </Paper>
  );
}

/** The call's recordings, each with its player, its transcript and (for roles allowed to) its download. */
export function CallRecordingsButton({ call }: { call: CallLog }) {
  const [opened, { open, close }] = useDisclosure(false);
  const recordings = useCallRecordings(call.id, opened);
  const party = formatPhone(call.direction === "inbound" ? call.fromNumber : call.toNumber);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<FileAudio size={14} aria-hidden />}
        onClick={open}
        aria-label={`Recordings and transcript of the call with ${party}`}
      >
        Transcript
      </Button>
      <Modal opened={opened} onClose={close} title={`Call with ${party}`} size="lg">
        <QueryState
          query={recordings}
          loadingText="Loading recordings..."
          errorTitle="Error loading recordings"
          isEmpty={(answer) => answer.recordings.length === 0}
          empty={<Text size="sm">This call has no recordings.</Text>}
        >
          {(answer) => (
            <Stack gap="sm">
              {answer.recordings.map((recording, index) => (
                <RecordingCard key={recording.id} recording={recording} call={call} index={index} />
              ))}
            </Stack>
          )}
        </QueryState>
      </Modal>
    </>
  );
}
