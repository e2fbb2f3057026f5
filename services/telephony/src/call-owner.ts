import { countryOfNumber, nanpAreaCodes } from "./area-codes";
import { chooseLicensee } from "./call-flow";
import { type CallerLocation, type LocationInput, locateCaller } from "./location";
import type { RoutingTable } from "./routing-table";

/** The account a call or text belongs to, and the number of that account it came through. */
export interface CallOwner {
  accountId: string;
  /** The account's number: the dialled one, or for a pound-code number the licensee's main number. */
  phoneNumberId: string | null;
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
  const { accountId } = chooseLicensee(entry.shared, callerLocation(caller));
  if (!accountId) return null;
  return { accountId, phoneNumberId: table.accounts.get(accountId)?.mainRoute?.numberId ?? null };
}
