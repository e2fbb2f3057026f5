import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  areaCodeTableFromReport,
  defaultReportPath,
  formatAreaCodeFile,
  formatNanpCountryFile,
  nanpCountryTableFromReport,
} from "./area-codes-from-report";

/**
 * npm run generate:area-codes -w packages/domain [-- path/to/npa_report.csv]
 * Regenerates src/data/area-codes.json and src/data/nanp-countries.json from NANPA's report, by default the one in shared/reference
 * beside the repository. Run it when the report is updated; the table's test says when.
 */
const tablePath = fileURLToPath(new URL("../src/data/area-codes.json", import.meta.url));
const countriesPath = fileURLToPath(new URL("../src/data/nanp-countries.json", import.meta.url));

const reportPath = process.argv[2] ?? defaultReportPath;
const file = areaCodeTableFromReport(readFileSync(reportPath, "utf8"));
writeFileSync(tablePath, formatAreaCodeFile(file));
console.log(`${Object.keys(file.areaCodes).length} area codes (${file.source}) written to ${tablePath}`);

const countries = nanpCountryTableFromReport(readFileSync(reportPath, "utf8"));
writeFileSync(countriesPath, formatNanpCountryFile(countries));
console.log(
  `${Object.keys(countries.areaCodes).length} other NANP countries' area codes written to ${countriesPath}`,
);
