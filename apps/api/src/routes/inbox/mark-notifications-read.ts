import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { markNotificationsRead as mark } from "@poundline/modules/inbox/notifications";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const markNotificationsRead = handle(inboxEndpoints.markNotificationsRead, async (request) => {
  const { account, user } = requireAccount(request);
  const { db, clock } = request.server.deps;
  return { marked: await mark(db.db, account.id, user.id, request.body.ids ?? null, clock()) };
});
