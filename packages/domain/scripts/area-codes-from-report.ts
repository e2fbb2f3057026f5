import { fileURLToPath } from "node:url";

/**
 * Builds the NANP area code → country and regions table from the North American Numbering Plan
 * Administrator's report of every area code (npa_report.csv, in shared/reference/nanpa beside
 * the repository). Pure: the text of the report in, the table out; generate-area-codes.ts writes
 * it, and a test keeps the committed table in step with the report.
 */

/** CI and developers keep shared/ beside the clone. */
export const defaultReportPath = fileURLToPath(
  new URL("../../../../shared/reference/nanpa/npa_report.csv", import.meta.url),
);

/** What src/data/area-codes.json holds. */
export interface AreaCodeFile {
  /** The report the table was generated from. */
  source: string;
  /** Area code → ISO country and the states or provinces it serves (several for a shared code). */
  areaCodes: Record<string, { country: string; regions: string[] }>;
}

const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  ),
);

/**
 * US territories in the report: each is its own ISO country (as the carrier's FromCountry and
 * libphonenumber say) and a USPS code, which is the same two letters.
 */
const US_TERRITORIES: Record<string, string> = { PR: "PR", VI: "VI", GU: "GU", AS: "AS", CNMI: "MP" };

const CANADIAN_PROVINCES: Record<string, string> = {
  ALBERTA: "AB",
  "BRITISH COLUMBIA": "BC",
  MANITOBA: "MB",
  "NEW BRUNSWICK": "NB",
  "NEWFOUNDLAND AND LABRADOR": "NL",
  "NORTHWEST TERRITORIES": "NT",
  "NOVA SCOTIA": "NS",
  NUNAVUT: "NU",
  ONTARIO: "ON",
  "PRINCE EDWARD ISLAND": "PE",
  QUEBEC: "QC",
  SASKATCHEWAN: "SK",
  YUKON: "YT",
};

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** A row of the report, by column name. */
export type ReportRow = Record<string, string>;

/** The report's rows: a "File Date,11/26/2025" line, the header, then one row per area code. */
export function readReport(csv: string): { fileDate: string; rows: ReportRow[] } {
  const [dateLine, header, ...records] = parseCsv(csv.replace(/^\uFEFF/, ""));
  if (dateLine?.[0] !== "File Date" || !header?.includes("NPA_ID"))
    throw new Error("not NANPA's npa_report.csv: expected a File Date line, then a header with NPA_ID");
  const rows = records
    .filter((r) => r.some((field) => field.trim() !== ""))
    .map((r) => Object.fromEntries(header.map((name, i) => [name, (r[i] ?? "").trim()])));
  return { fileDate: dateLine[1] ?? "", rows };
}

/** An in-service code that serves a place: not toll-free, not a non-geographic service. */
export function isGeographicInService(row: ReportRow): boolean {
  return (
    row.IN_SERVICE === "Y" &&
    row.USE === "G" &&
    row.SERVICE === "" &&
    (row.COUNTRY === "US" || row.COUNTRY === "CANADA")
  );
}

/** "NJ" / "CNMI" / "NOVA SCOTIA - PRINCE EDWARD ISLAND" → the country and every region named. */
function placeOf(row: ReportRow): { country: string; regions: string[] } {
  const location = row.LOCATION ?? "";
  if (row.COUNTRY === "US") {
    if (US_STATES.has(location)) return { country: "US", regions: [location] };
    const territory = US_TERRITORIES[location];
    if (territory) return { country: territory, regions: [territory] };
  } else {
    // Shared codes name each province, separated by dashes ("NORTHWEST TERRITORIES -YUKON - NUNAVUT").
    const regions = location.split(/\s*-\s*/).map((name) => CANADIAN_PROVINCES[name]);
    if (regions.length > 0 && regions.every((r) => r !== undefined)) return { country: "CA", regions };
  }
  // A new spelling in a later report must not drop a code quietly.
  throw new Error(`area code ${row.NPA_ID}: unknown ${row.COUNTRY} location "${location}"`);
}

/** Every in-service geographic US and Canadian area code, in code order. */
export function areaCodeTableFromReport(csv: string): AreaCodeFile {
  const { fileDate, rows } = readReport(csv);
  const areaCodes: AreaCodeFile["areaCodes"] = {};
  const geographic = rows.filter(isGeographicInService).map((row) => ({ code: row.NPA_ID ?? "", row }));
  for (const { code, row } of geographic.sort((a, b) => a.code.localeCompare(b.code))) {
    if (!/^[2-9]\d{2}$/.test(code)) throw new Error(`not an area code: "${code}"`);
    areaCodes[code] = placeOf(row);
  }
  return { source: `NANPA npa_report.csv, file date ${fileDate}`, areaCodes };
}

/** The table as committed: one area code a line, as the formatter leaves it. */
export function formatAreaCodeFile(file: AreaCodeFile): string {
  const lines = Object.entries(file.areaCodes).map(
    ([code, { country, regions }]) =>
      `    "${code}": { "country": "${country}", "regions": [${regions.map((r) => `"${r}"`).join(", ")}] }`,
  );
  return `{\n  "source": ${JSON.stringify(file.source)},\n  "areaCodes": {\n${lines.join(",\n")}\n  }\n}\n`;
}

/**
 * The report's COUNTRY for the NANP members outside the US and Canada (the Caribbean and
 * Bermuda), as ISO 3166 codes: the carrier and libphonenumber name them so.
 */
const OTHER_NANP_COUNTRIES: Record<string, string> = {
  ANGUILLA: "AI",
  "ANTIGUA/BARBUDA": "AG",
  BAHAMAS: "BS",
  BARBADOS: "BB",
  BERMUDA: "BM",
  "BRITISH VIRGIN ISLANDS": "VG",
  "CAYMAN ISLANDS": "KY",
  DOMINICA: "DM",
  "DOMINICAN REPUBLIC": "DO",
  GRENADA: "GD",
  JAMAICA: "JM",
  MONTSERRAT: "MS",
  "SINT MAARTEN": "SX",
  "ST. KITTS & NEVIS": "KN",
  "ST.LUCIA": "LC",
  "ST. VINCENT & GRENADINES": "VC",
  "TRINIDAD & TOBAGO": "TT",
  "TURKS & CAICOS ISLANDS": "TC",
};

/** What src/data/nanp-countries.json holds: area code → ISO country, for the other NANP members. */
export interface NanpCountryFile {
  source: string;
  areaCodes: Record<string, string>;
}

/**
 * Every area code the report gives to a NANP country other than the US and Canada (assigned,
 * in service or not: a code announced for a country already belongs to it). These are
 * international destinations priced as such, reached with a US-looking number.
 */
export function nanpCountryTableFromReport(csv: string): NanpCountryFile {
  const { fileDate, rows } = readReport(csv);
  const areaCodes: Record<string, string> = {};
  const others = rows.filter((row) => row.COUNTRY && row.COUNTRY !== "US" && row.COUNTRY !== "CANADA");
  for (const row of others.sort((a, b) => (a.NPA_ID ?? "").localeCompare(b.NPA_ID ?? ""))) {
    const code = row.NPA_ID ?? "";
    if (!/^[2-9]\d{2}$/.test(code)) throw new Error(`not an area code: "${code}"`);
    const country = OTHER_NANP_COUNTRIES[row.COUNTRY ?? ""];
    if (!country) throw new Error(`area code ${code}: unknown NANP country "${row.COUNTRY}"`);
    areaCodes[code] = country;
  }
  return { source: `NANPA npa_report.csv, file date ${fileDate}`, areaCodes };
}

export function formatNanpCountryFile(file: NanpCountryFile): string {
  const lines = Object.entries(file.areaCodes).map(([code, country]) => `    "${code}": "${country}"`);
  return `{\n  "source": ${JSON.stringify(file.source)},\n  "areaCodes": {\n${lines.join(",\n")}\n  }\n}\n`;
}
