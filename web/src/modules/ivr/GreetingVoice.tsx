import { VoiceLanguageSelect } from "../greetings/VoiceLanguageSelect";
import type { MenuForm } from "./MenuEditor";

/** The menu greeting's text-to-speech voice and language, in the menu's form. */
export function GreetingVoice({ form }: { form: MenuForm }) {
  const values = form.getValues();
  return (
    <VoiceLanguageSelect
      value={{ voice: values.greetingVoice, language: values.greetingLanguage }}
      errors={{
        voice: form.errors.greetingVoice as string | undefined,
        language: form.errors.greetingLanguage as string | undefined,
      }}
      onChange={({ voice, language }) => {
        form.setFieldValue("greetingVoice", voice);
        form.setFieldValue("greetingLanguage", language);
      }}
    />
  );
}
