import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import {
  readNotificationPreferences,
  saveNotificationPreferences,
} from "@poundline/modules/settings/settings";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const saveNotifications = handle(settingsEndpoints.saveNotifications, async (request) => {
  const { user } = requireAuth(request);
  const { db, clock } = request.server.deps;
  await saveNotificationPreferences(db.db, user.id, request.body, clock());
  return readNotificationPreferences(db.db, user.id);
});
