import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  defaultXsdPath,
  formatSayVoicesFile,
  generateSayVoices,
  sayVoicesFrom,
  unionOf,
  voicePatternOf,
} from "../scripts/say-voices-from-xsd";
import committed from "../src/data/say-voices.json";
import { greetingVoiceAttributes, IVR_DEFAULTS, isSayLanguage, isSayVoice, SAY_VOICES } from "../src/index";

// The schema lives in shared/ beside the repository (CI has it); without it only its checks skip.
const schemaFound = existsSync(defaultXsdPath);
if (!schemaFound) console.warn(`The TwiML schema is not at ${defaultXsdPath}: its checks are skipped`);
const withSchema = it.skipIf(!schemaFound);

describe("the carrier's voices, from its TwiML schema and library", () => {
  withSchema("are what the generator yields today (npm run generate:say-voices -w packages/domain)", () => {
    const path = new URL("../src/data/say-voices.json", import.meta.url);
    expect(readFileSync(path, "utf8")).toBe(formatSayVoicesFile(generateSayVoices()));
  });

  it("keeps only the voices the schema's pattern accepts", () => {
    const xsd = `<xs:simpleType name="voiceType"><xs:restriction base="xs:string"><xs:pattern value="man|woman|Polly\\.[a-zA-Z]+" /></xs:restriction></xs:simpleType>`;
    const declarations = `type SayLanguage = "en-US" | "en-GB-WLS" | "de-DE"; type SayVoice = "man" | "alice" | "Google.en-US-Standard-A" | "Polly.Joanna" | "Polly.Joanna-Neural";`;
    const file = sayVoicesFrom(xsd, declarations, "s", "l");
    expect(file.voices).toEqual([
      { id: "man", label: "Man (classic)" },
      { id: "Polly.Joanna", label: "Joanna (Amazon Polly)" },
    ]);
    expect(file.languages).toEqual([
      { code: "de-DE", label: "German (Germany)" },
      { code: "en-GB-WLS", label: "British English (en-GB-WLS)" },
      { code: "en-US", label: "American English" },
    ]);
  });

  it.each([
    ["no voiceType", () => voicePatternOf("<xs:schema/>")],
    ["no union", () => unionOf("type Other = 'a';", "SayVoice")],
  ])("refuses sources without what it reads: %s", (_name, read) => {
    expect(read).toThrow();
  });

  it("holds the defaults (what <Say> speaks without attributes)", () => {
    expect(isSayVoice(IVR_DEFAULTS.greetingVoice)).toBe(true);
    expect(isSayLanguage(IVR_DEFAULTS.greetingLanguage)).toBe(true);
    expect(committed.voices.length).toBe(SAY_VOICES.length);
  });
});

describe("greetingVoiceAttributes", () => {
  it.each([
    [{}, {}],
    [{ greetingVoice: "man", greetingLanguage: "en-US" }, {}],
    [{ greetingVoice: "Polly.Amy" }, { voice: "Polly.Amy" }],
    [{ greetingLanguage: "fr-FR" }, { language: "fr-FR" }],
    [
      { greetingVoice: "woman", greetingLanguage: "de-DE" },
      { voice: "woman", language: "de-DE" },
    ],
  ])("%j → %j (the carrier's defaults are left out)", (menu, attributes) => {
    expect(greetingVoiceAttributes(menu)).toEqual(attributes);
  });
});
