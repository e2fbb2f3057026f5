import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { areaCodeTableFromReport, defaultReportPath, formatAreaCodeFile } from "./area-codes-from-report";

/**
 * npm run generate:area-codes -w services/telephony [-- path/to/npa_report.csv]
 * Regenerates src/data/area-codes.json from NANPA's report, by default the one in shared/reference
 * beside the repository. Run it when the report is updated; the table's test says when.
 */
const tablePath = fileURLToPath(new URL("../src/data/area-codes.json", import.meta.url));

const reportPath = process.argv[2] ?? defaultReportPath;
const file = areaCodeTableFromReport(readFileSync(reportPath, "utf8"));
writeFileSync(tablePath, formatAreaCodeFile(file));
console.log(`${Object.keys(file.areaCodes).length} area codes (${file.source}) written to ${tablePath}`);
