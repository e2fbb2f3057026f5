import { Button, Card, FileInput, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import type { GreetingTarget } from "../../api/greetings";
import { BrowserRecorder } from "./BrowserRecorder";
import { PhoneRecorder } from "./PhoneRecorder";

/** The ways a greeting is made (the console's tabs). */
export const GREETING_SOURCES = {
  tts: "Text to speech",
  upload: "Upload",
  browser: "Record in browser",
  phone: "Record by phone",
} as const;
export type GreetingSource = keyof typeof GREETING_SOURCES;

export interface GreetingEditorProps {
  /** The greeting's name ("Voicemail greeting"): the section's heading and the controls' names. */
  label: string;
  description?: string;
  /** What callers hear now: its recording, or its words; null: nothing set. */
  current: { audioUrl: string | null; text: string | null } | null;
  /** What callers hear without one (the built-in words). */
  fallback?: string;
  /** The text-to-speech panel (its own fields and save, or a form's fields). */
  tts: ReactNode;
  /** Stores a recording (a file, or the WAV recorded in the browser) as the greeting. */
  onUpload: (file: Blob) => void;
  uploading: boolean;
  /** Who a phone call records for; null while there is nothing to record for yet. */
  phoneTarget: GreetingTarget | null;
  /** Why recordings cannot be made yet (a menu not saved), if they cannot. */
  recordingDisabled?: string;
  onRemove?: () => void;
  removing?: boolean;
  /** The tab shown first. */
  initialSource?: GreetingSource;
  /** Told which tab is shown (the IVR form keeps its greeting type by it). */
  onSourceChange?: (source: GreetingSource) => void;
  /** Whether to draw its own card (false inside a form's tab). */
  card?: boolean;
  /** A message about the greeting as a whole (a form's refusal: "Upload a recording first."). */
  error?: string | undefined;
}

/**
 * One greeting, whoever's it is (a number's voicemail or after-hours greeting, an extension's
 * voicemail greeting, an IVR menu's greeting): what callers hear now, and four ways to change it.
 * The recordings made in the browser go through the same upload as a file.
 */
export function GreetingEditor(props: GreetingEditorProps) {
  const { label, current, phoneTarget, recordingDisabled } = props;
  const [source, setSource] = useState<GreetingSource>(
    props.initialSource ?? (current?.audioUrl ? "upload" : "tts"),
  );
  const body = (
    <Stack gap="sm">
      {props.description && (
        <Text size="sm" c="dimmed">
          {props.description}
        </Text>
      )}
      <CurrentGreeting {...props} />
      {props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
      <Tabs
        value={source}
        onChange={(value) => {
          if (!value) return;
          setSource(value as GreetingSource);
          props.onSourceChange?.(value as GreetingSource);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={`${label}: how to make it`}>
          {(Object.keys(GREETING_SOURCES) as GreetingSource[]).map((key) => (
            <Tabs.Tab key={key} value={key}>
              {GREETING_SOURCES[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="tts" pt="sm">
          {props.tts}
        </Tabs.Panel>
        <Tabs.Panel value="upload" pt="sm">
          <FileInput
            label="Recording file"
            aria-label={`${label}: recording file`}
            description={recordingDisabled ?? "MP3, WAV or AIFF, up to 5 MB."}
            accept="audio/mpeg,audio/wav,audio/x-wav,audio/aiff,audio/x-aiff"
            clearable={false}
            disabled={Boolean(recordingDisabled) || props.uploading}
            onChange={(file) => file && props.onUpload(file)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="browser" pt="sm">
          {recordingDisabled ? (
            <Text size="sm">{recordingDisabled}</Text>
          ) : (
            <BrowserRecorder label={label} onSave={props.onUpload} saving={props.uploading} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="phone" pt="sm">
          <PhoneRecorder
            label={label}
            target={phoneTarget}
            {...(recordingDisabled ? { disabled: recordingDisabled } : {})}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
  if (props.card === false) return body;
  return (
    <Card withBorder component="section" aria-label={label}>
      <Title order={3} size="h5" mb="xs">
        {label}
      </Title>
      {body}
    </Card>
  );
}

function CurrentGreeting({ label, current, fallback, onRemove, removing }: GreetingEditorProps) {
  return (
    <Group justify="space-between" align="center" wrap="nowrap">
      {current?.audioUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: a caller's greeting recording has no captions to offer.
        <audio controls src={current.audioUrl} aria-label={`${label}: the recording callers hear`} />
      ) : current?.text ? (
        <Text size="sm">
          Callers hear: <q>{current.text}</q>
        </Text>
      ) : fallback ? (
        <Text size="sm" c="dimmed">
          Not set: callers hear <q>{fallback}</q>
        </Text>
      ) : null}
      {current && onRemove && (
        <Button type="button" variant="subtle" color="red" size="xs" loading={removing} onClick={onRemove}>
          Remove greeting
        </Button>
      )}
    </Group>
  );
}
