/**
 * The carrier's phone number inventory, simulated: numbers offered for sale (generated from
 * NANPA's area code table, never typed by hand), numbers bought by the account with the webhooks
 * they answer on, and the addresses registered for emergency calling.
 */
import { nanpAreaCodes } from "@poundline/domain";
import { type CountryNumberType, countryNumbers, offerOf, simCountry } from "./countries";
import { newSid } from "./sids";
import type { HttpMethod } from "./signing";

/**
 * NANP's toll-free codes: the 8YY overlay complex of NANPA's report (row 800:
 * "800/888/877/866/855/844/833"; a test keeps this in step with the report).
 */
export const TOLL_FREE_AREA_CODES = ["800", "833", "844", "855", "866", "877", "888"] as const;

/** Subscriber numbers offered in every area code: 555-0100 to 555-0199, the range kept for fiction. */
const OFFERED_LINES = Array.from({ length: 100 }, (_, i) => `5550${String(100 + i)}`);

export type NumberKind = CountryNumberType;

export interface AvailableNumber {
  phoneNumber: string;
  kind: NumberKind;
  /** State or province of a local number; empty for toll-free. */
  region: string;
  isoCountry: string;
}

export interface IncomingNumber {
  sid: string;
  phoneNumber: string;
  kind: NumberKind;
  friendlyName: string;
  voiceUrl: string;
  voiceMethod: HttpMethod;
  statusCallback: string;
  statusCallbackMethod: HttpMethod;
  smsUrl: string;
  smsMethod: HttpMethod;
  emergencyAddressSid: string | null;
  emergencyStatus: "Active" | "Inactive";
  /** The approved bundle and the address a number abroad was bought with. */
  bundleSid?: string | null;
  addressSid?: string | null;
  dateCreated: Date;
  dateUpdated: Date;
}

export interface SimAddress {
  sid: string;
  customerName: string;
  friendlyName: string;
  street: string;
  streetSecondary: string | null;
  city: string;
  region: string;
  postalCode: string;
  isoCountry: string;
  emergencyEnabled: boolean;
  validated: boolean;
  dateCreated: Date;
  dateUpdated: Date;
}

export interface NumberSearch {
  isoCountry: string;
  areaCode?: string | undefined;
  inRegion?: string | undefined;
  contains?: string | undefined;
  limit: number;
}

const POSTAL_CODE: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i,
};

/** States and provinces by country, from the same area code table. */
const REGIONS = new Map<string, Set<string>>();
for (const { country, regions } of nanpAreaCodes.values()) {
  const set = REGIONS.get(country) ?? new Set<string>();
  for (const region of regions) set.add(region);
  REGIONS.set(country, set);
}

/** Why an address cannot be validated, or null when it can. */
export function addressProblem(address: {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  isoCountry: string;
}): string | null {
  const regions = REGIONS.get(address.isoCountry);
  if (!regions) return `Addresses in ${address.isoCountry} are not supported`;
  if (!address.street.trim()) return "Street is required";
  if (!address.city.trim()) return "City is required";
  if (!regions.has(address.region.toUpperCase()))
    return `Region ${address.region} is not a state or province of ${address.isoCountry}`;
  if (!POSTAL_CODE[address.isoCountry]?.test(address.postalCode.trim()))
    return `Postal code ${address.postalCode} is not valid in ${address.isoCountry}`;
  return null;
}

export class NumberInventory {
  private readonly bought = new Map<string, IncomingNumber>();
  private readonly addresses = new Map<string, SimAddress>();

  /**
   * @param taken whether a number already answers somewhere (the app's own numbers), so it is
   * not offered again.
   */
  constructor(private readonly taken: (e164: string) => Promise<boolean>) {}

  private async offered(candidates: AvailableNumber[], search: NumberSearch): Promise<AvailableNumber[]> {
    const found: AvailableNumber[] = [];
    for (const candidate of candidates) {
      if (found.length >= search.limit) break;
      if (search.contains && !candidate.phoneNumber.includes(search.contains.replace(/\D/g, ""))) continue;
      if (this.byNumber(candidate.phoneNumber) || (await this.taken(candidate.phoneNumber))) continue;
      found.push(candidate);
    }
    return found;
  }

  /** Numbers of a country sold outside NANP (countries.ts), of one type. */
  private async availableAbroad(search: NumberSearch, kind: NumberKind): Promise<AvailableNumber[]> {
    const country = simCountry(search.isoCountry);
    if (!country) return [];
    const candidates = countryNumbers(country, kind).map((phoneNumber) => ({
      phoneNumber,
      kind,
      region: "",
      isoCountry: country.isoCountry,
    }));
    return this.offered(candidates, search);
  }

  async availableMobile(search: NumberSearch): Promise<AvailableNumber[]> {
    return this.availableAbroad(search, "mobile");
  }

  /** Local numbers of an area code, or of every area code of a state or province. */
  async availableLocal(search: NumberSearch): Promise<AvailableNumber[]> {
    if (simCountry(search.isoCountry)) return this.availableAbroad(search, "local");
    const codes = [...nanpAreaCodes.entries()].filter(
      ([code, entry]) =>
        entry.country === search.isoCountry &&
        (search.areaCode === undefined || code === search.areaCode) &&
        (search.inRegion === undefined || entry.regions.includes(search.inRegion.toUpperCase())),
    );
    // Line by line across the codes, so a state's first page shows several of its area codes.
    const candidates = OFFERED_LINES.flatMap((line) =>
      codes.map(([code, entry]) => ({
        phoneNumber: `+1${code}${line}`,
        kind: "local" as const,
        region: entry.regions[0] ?? "",
        isoCountry: entry.country,
      })),
    );
    return this.offered(candidates, search);
  }

  async availableTollFree(search: NumberSearch): Promise<AvailableNumber[]> {
    if (simCountry(search.isoCountry)) return this.availableAbroad(search, "toll-free");
    if (search.isoCountry !== "US" && search.isoCountry !== "CA") return [];
    const codes = TOLL_FREE_AREA_CODES.filter(
      (code) => search.areaCode === undefined || code === search.areaCode,
    );
    const candidates = OFFERED_LINES.flatMap((line) =>
      codes.map((code) => ({
        phoneNumber: `+1${code}${line}`,
        kind: "toll-free" as const,
        region: "",
        isoCountry: search.isoCountry,
      })),
    );
    return this.offered(candidates, search);
  }

  /** Whether the number is one the inventory sells and nobody holds. */
  async isAvailable(e164: string): Promise<AvailableNumber | null> {
    const abroad = offerOf(e164);
    if (abroad) {
      if (this.byNumber(e164) || (await this.taken(e164))) return null;
      return { phoneNumber: e164, kind: abroad.type, region: "", isoCountry: abroad.country.isoCountry };
    }
    const match = /^\+1(\d{3})(\d{7})$/.exec(e164);
    if (!match?.[1] || !match[2] || !OFFERED_LINES.includes(match[2])) return null;
    if (this.byNumber(e164) || (await this.taken(e164))) return null;
    const code = match[1];
    if ((TOLL_FREE_AREA_CODES as readonly string[]).includes(code))
      return { phoneNumber: e164, kind: "toll-free", region: "", isoCountry: "US" };
    const entry = nanpAreaCodes.get(code);
    return entry
      ? { phoneNumber: e164, kind: "local", region: entry.regions[0] ?? "", isoCountry: entry.country }
      : null;
  }

  buy(
    number: AvailableNumber,
    settings: Omit<IncomingNumber, "sid" | "phoneNumber" | "kind" | "dateCreated" | "dateUpdated">,
    now: Date,
  ): IncomingNumber {
    const bought: IncomingNumber = {
      sid: newSid("PN"),
      phoneNumber: number.phoneNumber,
      kind: number.kind,
      ...settings,
      dateCreated: now,
      dateUpdated: now,
    };
    this.bought.set(bought.sid, bought);
    return bought;
  }

  /** Takes in a number the account already holds (bought before the sim started), as it was configured. */
  adopt(number: Omit<IncomingNumber, "dateCreated" | "dateUpdated">, now: Date): void {
    this.bought.set(number.sid, { ...number, dateCreated: now, dateUpdated: now });
  }

  number(sid: string): IncomingNumber | undefined {
    return this.bought.get(sid);
  }

  all(): IncomingNumber[] {
    return [...this.bought.values()];
  }

  byNumber(e164: string): IncomingNumber | undefined {
    for (const number of this.bought.values()) if (number.phoneNumber === e164) return number;
    return undefined;
  }

  update(sid: string, changes: Partial<IncomingNumber>, now: Date): IncomingNumber | undefined {
    const number = this.bought.get(sid);
    if (!number) return undefined;
    Object.assign(number, changes, { dateUpdated: now });
    return number;
  }

  release(sid: string): boolean {
    return this.bought.delete(sid);
  }

  createAddress(address: Omit<SimAddress, "sid" | "dateCreated" | "dateUpdated">, now: Date): SimAddress {
    const created: SimAddress = { sid: newSid("AD"), ...address, dateCreated: now, dateUpdated: now };
    this.addresses.set(created.sid, created);
    return created;
  }

  address(sid: string): SimAddress | undefined {
    return this.addresses.get(sid);
  }

  /** Whether a bought number still points its emergency calls at the address. */
  addressInUse(sid: string): boolean {
    for (const number of this.bought.values()) if (number.emergencyAddressSid === sid) return true;
    return false;
  }

  /** Forgets every bought number and address (the sim's reset). */
  clear(): void {
    this.bought.clear();
    this.addresses.clear();
  }

  deleteAddress(sid: string): boolean {
    return this.addresses.delete(sid);
  }
}
