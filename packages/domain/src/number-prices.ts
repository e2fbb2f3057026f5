/**
 * What a number costs a month, by country and type. The home market's numbers (US, CA) come with
 * the plan (seed 000's pricing: no number fee); numbers abroad carry the carrier's monthly price
 * with our margin. Rows of `number_prices` override these defaults.
 */
export type PricedNumberType = "local" | "mobile" | "toll-free";

export interface NumberPriceRow {
  isoCountry: string;
  numberType: PricedNumberType;
  monthlyCents: number;
}

export const HOME_MARKET = ["US", "CA"] as const;

/** Defaults for numbers abroad, in cents a month. */
export const defaultNumberPrices: readonly NumberPriceRow[] = [
  { isoCountry: "GB", numberType: "local", monthlyCents: 150 },
  { isoCountry: "GB", numberType: "mobile", monthlyCents: 300 },
  { isoCountry: "GB", numberType: "toll-free", monthlyCents: 500 },
  { isoCountry: "AU", numberType: "local", monthlyCents: 600 },
  { isoCountry: "AU", numberType: "mobile", monthlyCents: 800 },
  { isoCountry: "AU", numberType: "toll-free", monthlyCents: 1600 },
  { isoCountry: "DE", numberType: "local", monthlyCents: 150 },
  { isoCountry: "DE", numberType: "mobile", monthlyCents: 1500 },
  { isoCountry: "DE", numberType: "toll-free", monthlyCents: 2000 },
  { isoCountry: "FR", numberType: "local", monthlyCents: 150 },
  { isoCountry: "FR", numberType: "mobile", monthlyCents: 1000 },
  { isoCountry: "IE", numberType: "local", monthlyCents: 150 },
  { isoCountry: "IE", numberType: "mobile", monthlyCents: 1000 },
  { isoCountry: "IE", numberType: "toll-free", monthlyCents: 2500 },
  { isoCountry: "NL", numberType: "local", monthlyCents: 150 },
  { isoCountry: "NL", numberType: "mobile", monthlyCents: 1000 },
  { isoCountry: "ES", numberType: "local", monthlyCents: 150 },
  { isoCountry: "ES", numberType: "mobile", monthlyCents: 1000 },
  { isoCountry: "ES", numberType: "toll-free", monthlyCents: 2500 },
  { isoCountry: "MX", numberType: "local", monthlyCents: 600 },
  { isoCountry: "MX", numberType: "toll-free", monthlyCents: 2500 },
];

/**
 * The monthly price of a number of this country and type: a row for it, else the default, else
 * 0 at home; null when we do not price (and so do not sell) that country and type.
 */
export function numberMonthlyCents(
  isoCountry: string,
  numberType: PricedNumberType,
  rows: readonly NumberPriceRow[],
): number | null {
  const match = (row: NumberPriceRow) => row.isoCountry === isoCountry && row.numberType === numberType;
  const found = rows.find(match) ?? defaultNumberPrices.find(match);
  if (found) return found.monthlyCents;
  return (HOME_MARKET as readonly string[]).includes(isoCountry) && numberType !== "mobile" ? 0 : null;
}
