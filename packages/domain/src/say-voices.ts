import file from "./data/say-voices.json";

/**
 * The carrier's <Say> voices and languages (generated into data/say-voices.json by
 * scripts/generate-say-voices.ts from its TwiML schema and library: never edited by hand).
 */
export const SAY_LANGUAGES: readonly { code: string; label: string }[] = file.languages;

/** Every voice with the languages it may be asked to speak (the carrier's list does not narrow them). */
export const SAY_VOICES: readonly { id: string; label: string; languages: readonly string[] }[] =
  file.voices.map((v) => ({ ...v, languages: SAY_LANGUAGES.map((l) => l.code) }));

const voiceIds = new Set(SAY_VOICES.map((v) => v.id));
const languageCodes = new Set(SAY_LANGUAGES.map((l) => l.code));

export const isSayVoice = (id: string): boolean => voiceIds.has(id);
export const isSayLanguage = (code: string): boolean => languageCodes.has(code);
