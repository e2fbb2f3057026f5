import { countryOfNumber, nanpAreaCodes } from "./area-codes";
import { chooseLicensee } from "./call-flow";
import { type CallerLocation, type LocationInput, locateCaller } from "./location";
import { locateByPostalCode } from "./postal-codes";
import type { RoutingTable, SharedNumberRoute } from "./routing-table";

/** The account a call or text belongs to, and the number of that account it came through. */
export interface CallOwner {
  accountId: string;
  /** The account's number: the dialled one, or for a pound-code number the licensee's main number. */
  phoneNumberId: string | null;
  /** For a pound-code number: why the call went to this licensee (kept on the call log). */
  geo?: GeoRouteChoice;
}

/** The shared number, the rule that matched (null: the number's default licensee) and the location used. */
export interface GeoRouteChoice {
  sharedNumberId: string;
  rule: { id: string; locationType: string; locationValue: string; priority: number } | null;
  location: CallerLocation;
  /** The ZIP or postal code the caller gave when asked, when the location came from it. */
  postalCode?: string;
}

/** Where the caller is, by the carrier's fields, the NANP area codes and the E.164 prefix. */
export function callerLocation(caller: LocationInput): CallerLocation {
  return locateCaller(caller, nanpAreaCodes, countryOfNumber);
}

/**
 * Which account owns a call or a text to (or from) `ourNumber`: the owner of that number, or for
 * a shared pound-code number the licensee its geo rules choose for the caller (else its default
 * account); null when no account owns the number. The same choice the first answer to the call
 * made (`routeIncomingCall`), so the call's progress and its texts land in the account that
 * answered it. The caller is located only for a shared number.
 */
export function accountOfCall(
  table: RoutingTable,
  ourNumber: string,
  caller: LocationInput,
): CallOwner | null {
  const entry = table.byNumber.get(ourNumber);
  if (!entry) return null;
  if (entry.kind === "owned")
    return { accountId: entry.route.accountId, phoneNumberId: entry.route.numberId };
  return ownerAt(table, entry.shared, callerLocation(caller));
}

/**
 * The owner of a call to a shared number whose caller gave a ZIP or postal code when asked
 * (location-prompt.ts): chosen by the code's location, as the call's answer was. Null when the
 * number is not shared or the code places nowhere.
 */
export function accountOfCallByPostalCode(
  table: RoutingTable,
  ourNumber: string,
  postalCode: string,
): CallOwner | null {
  const entry = table.byNumber.get(ourNumber);
  const location = locateByPostalCode(postalCode);
  if (entry?.kind !== "shared" || !location) return null;
  const owner = ownerAt(table, entry.shared, location);
  return owner?.geo ? { ...owner, geo: { ...owner.geo, postalCode } } : owner;
}

function ownerAt(table: RoutingTable, shared: SharedNumberRoute, location: CallerLocation): CallOwner | null {
  const { accountId, rule } = chooseLicensee(shared, location);
  if (!accountId) return null;
  return {
    accountId,
    phoneNumberId: table.accounts.get(accountId)?.mainRoute?.numberId ?? null,
    geo: {
      sharedNumberId: shared.sharedNumberId,
      rule: rule
        ? {
            id: rule.id,
            locationType: rule.locationType,
            locationValue: rule.locationValue,
            priority: rule.priority,
          }
        : null,
      location,
    },
  };
}
