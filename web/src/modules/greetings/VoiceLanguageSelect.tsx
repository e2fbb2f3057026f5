import { Group, Select } from "@mantine/core";
import { useVoices } from "../ivr/hooks";

export interface VoiceLanguage {
  voice: string;
  language: string;
}

/**
 * The text-to-speech voice and language of a greeting, from the carrier's list
 * (GET /api/ivr-menus/voices). A voice speaks some languages only: the language picker offers
 * those, and a voice that does not speak the chosen language moves it to one it does.
 */
export function VoiceLanguageSelect({
  value,
  onChange,
  errors = {},
}: {
  value: VoiceLanguage;
  onChange: (value: VoiceLanguage) => void;
  errors?: { voice?: string | undefined; language?: string | undefined };
}) {
  const voices = useVoices();
  const list = voices.data?.voices ?? [];
  const voice = list.find((v) => v.id === value.voice);
  const languages = (voices.data?.languages ?? []).filter((l) => !voice || voice.languages.includes(l.code));
  return (
    <Group grow align="flex-start">
      <Select
        label="Voice"
        data={list.map((v) => ({ value: v.id, label: v.label }))}
        allowDeselect={false}
        searchable
        disabled={!voices.data}
        value={value.voice}
        error={errors.voice}
        onChange={(next) => {
          if (!next) return;
          const spoken = list.find((v) => v.id === next)?.languages ?? [];
          const fallback = voices.data?.defaults.language;
          const language = spoken.includes(value.language)
            ? value.language
            : fallback && spoken.includes(fallback)
              ? fallback
              : (spoken[0] ?? value.language);
          onChange({ voice: next, language });
        }}
      />
      <Select
        label="Language"
        data={languages.map((l) => ({ value: l.code, label: l.label }))}
        allowDeselect={false}
        searchable
        disabled={!voices.data}
        value={value.language}
        error={errors.language}
        onChange={(next) => next && onChange({ ...value, language: next })}
      />
    </Group>
  );
}
