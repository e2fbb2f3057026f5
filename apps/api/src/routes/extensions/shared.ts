import { AppError } from "@poundline/contracts/errors";
import {
  DUPLICATE_EXTENSION_MESSAGE,
  EXTENSION_NOT_FOUND_MESSAGE,
  EXTENSION_NUMBER_LOCKED_MESSAGE,
} from "@poundline/contracts/extensions/schemas";
import type { Database } from "@poundline/db";
import { refusedByValidator } from "@poundline/modules/call-routing/refusal";
import { destinationError, refuseDestinations } from "@poundline/modules/destinations/policy";
import type { ExtensionSaveResult } from "@poundline/modules/extensions/extensions";

/** A forwarding number the account may not dial is refused, named, on the list's field. */
export async function assertDialable(
  db: Database,
  accountId: string,
  forwardingNumbers: readonly string[] | undefined,
) {
  const refused = await refuseDestinations(db, accountId, forwardingNumbers ?? []);
  if (refused)
    throw destinationError("body.forwardingNumbers", {
      ...refused,
      message: `${refused.number}: ${refused.message}`,
    });
}

export const extensionNotFound = () => new AppError("NOT_FOUND", EXTENSION_NOT_FOUND_MESSAGE);

export function saved(result: ExtensionSaveResult) {
  if (result.ok) return result.extension;
  switch (result.reason) {
    case "not_found":
      throw extensionNotFound();
    case "duplicate_number":
      throw new AppError("CONFLICT", DUPLICATE_EXTENSION_MESSAGE, {
        "body.extensionNumber": [DUPLICATE_EXTENSION_MESSAGE],
      });
    case "number_locked":
      throw new AppError("BAD_REQUEST", EXTENSION_NUMBER_LOCKED_MESSAGE, {
        "body.extensionNumber": [EXTENSION_NUMBER_LOCKED_MESSAGE],
      });
    case "refused":
      throw refusedByValidator(result.issues);
  }
}
