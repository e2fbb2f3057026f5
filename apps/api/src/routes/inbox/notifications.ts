import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { listNotifications } from "@poundline/modules/inbox/notifications";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

/** How many entries the bell shows. */
const BELL_SIZE = 30;

export const notifications = handle(inboxEndpoints.notifications, async (request) => {
  const { account, user } = requireAccount(request);
  return listNotifications(request.server.deps.db.db, account.id, user.id, BELL_SIZE);
});
