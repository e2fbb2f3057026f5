import { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import { listLicensedNumbers } from "@poundline/modules/widgets/widgets";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const licensedNumbers = handle(widgetEndpoints.licensedNumbers, async (request) => {
  const { account } = requireAccount(request);
  return { items: await listLicensedNumbers(request.server.deps.db.db, account.id) };
});
