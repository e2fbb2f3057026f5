import { type Database, schema } from "@poundline/db";
import { defaultRates, type RateTable } from "@poundline/domain";

const fieldOfKind = {
  call_inbound: "callInbound",
  call_outbound: "callOutbound",
  call_toll_free: "callTollFree",
  sms_segment: "smsSegment",
  mms_message: "mmsMessage",
} as const satisfies Record<string, keyof RateTable>;

/** The rate table from the `rates` rows; a kind without a row keeps its `defaultRates` price. */
export async function loadRateTable(db: Database): Promise<RateTable> {
  const rows = await db
    .select({ kind: schema.rates.kind, centsPerUnit: schema.rates.centsPerUnit })
    .from(schema.rates);
  const table: RateTable = { ...defaultRates };
  for (const row of rows) {
    const field = fieldOfKind[row.kind as keyof typeof fieldOfKind];
    if (field) table[field] = row.centsPerUnit;
  }
  return table;
}
