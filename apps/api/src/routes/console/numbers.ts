import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { accountNumbers } from "@poundline/modules/console/dashboard";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const numbers = handle(consoleEndpoints.numbers, async (request) => {
  const { account } = requireAccount(request);
  return { numbers: await accountNumbers(request.server.deps.db.db, account.id) };
});
