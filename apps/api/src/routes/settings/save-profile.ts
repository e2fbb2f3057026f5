import { AppError } from "@poundline/contracts/errors";
import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { destinationRefusal } from "@poundline/domain/destination-policy";
import { loadCountryPolicy } from "@poundline/modules/destinations/policy";
import { saveProfile as saveUserProfile } from "@poundline/modules/settings/settings";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { profileOf } from "./shared";

export const saveProfile = handle(settingsEndpoints.saveProfile, async (request) => {
  const { user, account } = requireAuth(request);
  const { db, clock } = request.server.deps;
  // Notification texts go to this phone: it answers to the account's destination policy.
  const { phone } = request.body;
  if (phone && account) {
    const refused = destinationRefusal(phone, await loadCountryPolicy(db.db, account.id));
    if (refused) throw new AppError("BAD_REQUEST", refused.message, { "body.phone": [refused.message] });
  }
  await saveUserProfile(db.db, user.id, request.body, clock());
  return profileOf(request, user.id);
});
