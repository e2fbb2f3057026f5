import { ActionIcon, Group, Text } from "@mantine/core";
import { Pause, Play } from "lucide-react";
import { useRef, useState } from "react";

const clock = (seconds: number) => {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

/**
 * A compact player for a table row or a card: a play/pause button and the time played, the
 * recording streamed from the API's file endpoint (range requests, so it seeks) on first play.
 */
export function RecordingPlayer({ src, label }: { src: string; label: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [failed, setFailed] = useState(false);

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setFailed(true));
    else element.pause();
  }

  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="light"
        radius="xl"
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        onClick={toggle}
      >
        {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
      </ActionIcon>
      <Text size="xs" c={failed ? "red.9" : "dimmed"} style={{ whiteSpace: "nowrap" }}>
        {failed ? "Cannot play" : clock(at)}
      </Text>
      {/* biome-ignore lint/a11y/useMediaCaption: a caller's recording has no captions; its transcription is in Voicemails. */}
      <audio
        ref={audio}
        preload="none"
        src={src}
        aria-label={label}
        data-testid="recording-audio"
        onPlay={() => {
          setPlaying(true);
          setFailed(false);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setAt(event.currentTarget.currentTime)}
        onError={() => setFailed(true)}
      />
    </Group>
  );
}
