import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatPostalCodeFile, readZipcodesPackage } from "./postal-codes-from-source";

/**
 * npm run generate:postal-codes -w packages/domain
 * Regenerates src/data/postal-codes.json from the `zipcodes` package (a dev dependency). Run it
 * when the package is updated; the table's test says when.
 */
const tablePath = fileURLToPath(new URL("../src/data/postal-codes.json", import.meta.url));
const file = readZipcodesPackage();
writeFileSync(tablePath, formatPostalCodeFile(file));
console.log(
  `${Object.keys(file.zipPrefixes).length} ZIP prefixes and ${Object.keys(file.postalLetters).length} postal letters (${file.source}) written to ${tablePath}`,
);
