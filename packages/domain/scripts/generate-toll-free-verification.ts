import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  formatTollFreeVerificationFile,
  generateTollFreeVerification,
} from "./toll-free-verification-from-oai";

/**
 * npm run generate:toll-free-verification -w packages/domain [-- path/to/twilio_messaging_v1.json]
 * Regenerates src/data/toll-free-verification.json from the carrier's messaging description.
 */
const filePath = fileURLToPath(new URL("../src/data/toll-free-verification.json", import.meta.url));
writeFileSync(filePath, formatTollFreeVerificationFile(generateTollFreeVerification(process.argv[2])));
console.log(`written to ${filePath}`);
