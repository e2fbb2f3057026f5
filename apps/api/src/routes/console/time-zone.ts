import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { accountTimeZone } from "@poundline/modules/accounts/time-zone";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

/** The time zone the console writes dates and times in, and counts its days in. */
export const timeZone = handle(consoleEndpoints.timeZone, async (request) => {
  const { account } = requireAccount(request);
  return { timeZone: await accountTimeZone(request.server.deps.db.db, account.id) };
});
