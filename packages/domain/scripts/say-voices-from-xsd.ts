import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * The carrier's text-to-speech voices and languages for <Say>, generated (never typed in):
 * - voices: the names the carrier's TwiML schema (shared/reference/twiml-xsd, `voiceType`)
 *   accepts, as its own library (the `twilio` package's `SayVoice`) spells them out;
 * - languages: the codes of the library's `SayLanguage` (the schema leaves `language` a string),
 *   labelled in English by the platform's Intl.DisplayNames.
 * Which language each voice speaks is in neither: every voice is listed with every language.
 */

export const defaultXsdPath = fileURLToPath(
  new URL(
    "../../../../shared/reference/twiml-xsd/twiml_v20100401_twilioRealtimeCallSchema.xsd",
    import.meta.url,
  ),
);

const require = createRequire(import.meta.url);
export const libraryTypesPath = require.resolve("twilio/lib/twiml/VoiceResponse.d.ts");
export const libraryVersion = (require("twilio/package.json") as { version: string }).version;

export interface SayVoicesFile {
  source: { schema: string; library: string };
  voices: { id: string; label: string }[];
  languages: { code: string; label: string }[];
}

/** The pattern of the schema's `voiceType` simple type, as a whole-string regular expression. */
export function voicePatternOf(xsd: string): RegExp {
  const type = /<xs:simpleType name="voiceType">([\s\S]*?)<\/xs:simpleType>/.exec(xsd)?.[1] ?? "";
  const pattern = /<xs:pattern value="([^"]+)"/.exec(type)?.[1];
  if (!pattern) throw new Error("no voiceType pattern in the TwiML schema");
  return new RegExp(`^(?:${pattern})$`);
}

/** The string literals of one `type Name = "a" | "b"` union of the library's declarations. */
export function unionOf(declarations: string, name: string): string[] {
  const body = new RegExp(`type ${name} = ([^;]+);`).exec(declarations)?.[1];
  if (!body) throw new Error(`no ${name} in the library's declarations`);
  return [...body.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
}

function voiceLabel(id: string): string {
  const [engine, name] = id.includes(".") ? id.split(".", 2) : ["", id];
  if (!engine) return `${(name ?? id).charAt(0).toUpperCase()}${(name ?? id).slice(1)} (classic)`;
  return `${name} (${engine === "Polly" ? "Amazon Polly" : engine})`;
}

function languageLabel(code: string, names: Intl.DisplayNames): string {
  try {
    return names.of(code) ?? code;
  } catch {
    // Not a well-formed BCP 47 tag for Intl (e.g. en-GB-WLS): its base language, and the code.
    const base = code.split("-").slice(0, 2).join("-");
    return `${names.of(base) ?? base} (${code})`;
  }
}

export function sayVoicesFrom(
  xsd: string,
  declarations: string,
  schemaName: string,
  library: string,
): SayVoicesFile {
  const accepted = voicePatternOf(xsd);
  const names = new Intl.DisplayNames(["en"], { type: "language" });
  return {
    source: { schema: schemaName, library },
    voices: unionOf(declarations, "SayVoice")
      .filter((id) => accepted.test(id))
      .map((id) => ({ id, label: voiceLabel(id) })),
    languages: unionOf(declarations, "SayLanguage")
      .map((code) => ({ code, label: languageLabel(code, names) }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}

export function formatSayVoicesFile(file: SayVoicesFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The file from the schema and library on this machine. */
export function generateSayVoices(xsdPath = defaultXsdPath): SayVoicesFile {
  return sayVoicesFrom(
    readFileSync(xsdPath, "utf8"),
    readFileSync(libraryTypesPath, "utf8"),
    "twiml_v20100401_twilioRealtimeCallSchema.xsd (voiceType)",
    `twilio@${libraryVersion} lib/twiml/VoiceResponse.d.ts (SayVoice, SayLanguage)`,
  );
}
