import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { recordingToWav } from "./wav";

type State =
  | { kind: "idle" }
  | { kind: "recording"; startedAt: number }
  | { kind: "converting" }
  | { kind: "ready"; wav: Blob; url: string }
  | { kind: "error"; message: string };

/** Why the microphone could not be used, in the words the member needs. */
function microphoneError(error: unknown): string {
  if (error instanceof DOMException && error.name === "NotAllowedError")
    return "The browser was not allowed to use the microphone. Allow it in the site's settings and try again.";
  if (error instanceof DOMException && error.name === "NotFoundError") return "No microphone was found.";
  return "The recording could not be made in this browser. Upload a file or record by phone instead.";
}

/** The take's length so far, "0:07", counted each second while recording. */
function RecordingClock({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor((now - startedAt) / 1000);
  return (
    <Text role="status" size="sm" fw={500} c="red">
      Recording… {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, "0")}
    </Text>
  );
}

/**
 * Record in browser: the microphone through MediaRecorder, then decoded and written as 16-bit
 * PCM WAV (mono, 16 kHz: what the carrier plays), listened to, and saved through the upload.
 */
export function BrowserRecorder({
  label,
  onSave,
  saving,
  disabled,
}: {
  label: string;
  onSave: (wav: Blob) => void;
  saving: boolean;
  disabled?: boolean;
}) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const stopTracks = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);
  // The microphone is let go, and the take's URL freed, when the editor goes.
  useEffect(() => stopTracks, [stopTracks]);
  useEffect(() => {
    if (state.kind !== "ready") return;
    return () => URL.revokeObjectURL(state.url);
  }, [state]);

  const start = async () => {
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      setState({ kind: "error", message: microphoneError(null) });
      return;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState({ kind: "error", message: microphoneError(error) });
      return;
    }
    const chunks: Blob[] = [];
    const made = new MediaRecorder(stream.current);
    made.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    made.onstop = async () => {
      stopTracks();
      setState({ kind: "converting" });
      try {
        if (chunks.length === 0) throw new Error("empty take");
        const wav = await recordingToWav(new Blob(chunks, { type: made.mimeType }));
        setState({ kind: "ready", wav, url: URL.createObjectURL(wav) });
      } catch {
        setState({
          kind: "error",
          message: "The recording could not be read. Record for a second or more and try again.",
        });
      }
    };
    recorder.current = made;
    // In slices, so a short take still has its audio when stopped.
    made.start(250);
    setState({ kind: "recording", startedAt: Date.now() });
  };

  const stop = () => recorder.current?.state === "recording" && recorder.current.stop();

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Record with your microphone, listen, then save. The recording is saved as WAV, which calls can play.
      </Text>
      {state.kind === "error" && (
        <Alert color="red" title="Recording not made">
          {state.message}
        </Alert>
      )}
      {state.kind === "recording" ? (
        <Group>
          <RecordingClock startedAt={state.startedAt} />
          <Button type="button" color="red" onClick={stop}>
            Stop recording
          </Button>
        </Group>
      ) : (
        <Group>
          <Button
            type="button"
            variant={state.kind === "ready" ? "default" : "filled"}
            onClick={start}
            disabled={disabled || state.kind === "converting" || saving}
          >
            {state.kind === "ready" ? "Record again" : "Start recording"}
          </Button>
          {state.kind === "converting" && (
            <Text role="status" size="sm">
              Preparing the recording…
            </Text>
          )}
        </Group>
      )}
      {state.kind === "ready" && (
        <Stack gap="xs">
          {/* biome-ignore lint/a11y/useMediaCaption: a greeting the member just recorded has no captions to offer. */}
          <audio controls src={state.url} aria-label={`${label}: recorded in the browser`} />
          <Group>
            <Button type="button" loading={saving} onClick={() => onSave(state.wav)}>
              Save recording
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
