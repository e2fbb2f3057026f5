import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { listSessions } from "@poundline/modules/settings/settings";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const sessions = handle(settingsEndpoints.sessions, async (request) => {
  const { db, clock } = request.server.deps;
  return { sessions: await listSessions(db.db, requireAuth(request), clock()) };
});
