import {
  CUSTOM_MUSIC_MISSING_MESSAGE,
  NUMBER_NOT_FOUND_MESSAGE,
  type NumberRoutingBody,
} from "@poundline/contracts/call-routing/schemas";
import { AppError } from "@poundline/contracts/errors";
import type { Database } from "@poundline/db";
import { destinationRefusal } from "@poundline/domain/destination-policy";
import type { RoutingSaveResult } from "@poundline/modules/call-routing/number-routing";
import { refusedByValidator } from "@poundline/modules/call-routing/refusal";
import { destinationError, loadDestinationPolicy } from "@poundline/modules/destinations/policy";

export const numberNotFound = () => new AppError("NOT_FOUND", NUMBER_NOT_FOUND_MESSAGE);

export function saved(result: RoutingSaveResult) {
  if (result.ok) return result.routing;
  switch (result.reason) {
    case "not_found":
      throw numberNotFound();
    case "custom_music_missing":
      throw new AppError("BAD_REQUEST", CUSTOM_MUSIC_MISSING_MESSAGE, {
        "body.holdMusic": [CUSTOM_MUSIC_MISSING_MESSAGE],
      });
    case "refused":
      throw refusedByValidator(result.issues);
  }
}

/** Each "forward to a number" of the routing, with the field that names it. */
function forwardTargets(body: NumberRoutingBody): { field: string; number: string }[] {
  const destinations = [
    { field: "body.businessHoursDestination.target", destination: body.businessHoursDestination },
    { field: "body.afterHoursDestination.target", destination: body.afterHoursDestination },
    ...body.holidays.map((h, i) => ({
      field: `body.holidays.${i}.destination.target`,
      destination: h.destination,
    })),
  ];
  return destinations.flatMap(({ field, destination }) =>
    destination.type === "forward" && destination.target ? [{ field, number: destination.target }] : [],
  );
}

/** A forward to a number the account may not dial is refused on its field, before anything is saved. */
export async function assertForwardsDialable(db: Database, accountId: string, body: NumberRoutingBody) {
  const forwards = forwardTargets(body);
  if (forwards.length === 0) return;
  const policy = await loadDestinationPolicy(db, accountId);
  for (const { field, number } of forwards) {
    const refused = destinationRefusal(number, policy);
    if (refused) throw destinationError(field, refused);
  }
}
