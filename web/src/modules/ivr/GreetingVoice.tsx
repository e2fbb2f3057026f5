import { Group, Select } from "@mantine/core";
import { useVoices } from "./hooks";
import type { MenuForm } from "./MenuEditor";

/** The text-to-speech voice and language of the greeting, from the carrier's list (GET /api/ivr-menus/voices). */
export function GreetingVoice({ form }: { form: MenuForm }) {
  const voices = useVoices();
  const list = voices.data?.voices ?? [];
  const voice = list.find((v) => v.id === form.getValues().greetingVoice);
  // A voice speaks some languages only: the language picker offers those.
  const languages = (voices.data?.languages ?? []).filter((l) => !voice || voice.languages.includes(l.code));
  return (
    <Group grow align="flex-start">
      <Select
        label="Voice"
        data={list.map((v) => ({ value: v.id, label: v.label }))}
        allowDeselect={false}
        searchable
        disabled={!voices.data}
        {...form.getInputProps("greetingVoice")}
        onChange={(value) => {
          if (!value) return;
          form.setFieldValue("greetingVoice", value);
          const spoken = list.find((v) => v.id === value)?.languages ?? [];
          const current = form.getValues().greetingLanguage;
          if (!spoken.includes(current)) {
            const fallback = voices.data?.defaults.language;
            form.setFieldValue(
              "greetingLanguage",
              fallback && spoken.includes(fallback) ? fallback : (spoken[0] ?? current),
            );
          }
        }}
      />
      <Select
        label="Language"
        data={languages.map((l) => ({ value: l.code, label: l.label }))}
        allowDeselect={false}
        searchable
        disabled={!voices.data}
        {...form.getInputProps("greetingLanguage")}
      />
    </Group>
  );
}
