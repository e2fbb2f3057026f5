import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatSayVoicesFile, generateSayVoices } from "./say-voices-from-xsd";

/**
 * npm run generate:say-voices -w packages/domain [-- path/to/twiml.xsd]
 * Regenerates src/data/say-voices.json from the carrier's TwiML schema (shared/reference beside the
 * repository) and its library's declarations. Run it when either is updated; the file's test says when.
 */
const filePath = fileURLToPath(new URL("../src/data/say-voices.json", import.meta.url));
const file = generateSayVoices(process.argv[2]);
writeFileSync(filePath, formatSayVoicesFile(file));
console.log(`${file.voices.length} voices, ${file.languages.length} languages written to ${filePath}`);
