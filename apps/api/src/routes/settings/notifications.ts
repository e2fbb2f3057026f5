import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { readNotificationPreferences } from "@poundline/modules/settings/settings";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const notifications = handle(settingsEndpoints.notifications, async (request) =>
  readNotificationPreferences(request.server.deps.db.db, requireAuth(request).user.id),
);
