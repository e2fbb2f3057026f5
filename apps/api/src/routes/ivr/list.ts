import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { listMenus } from "@poundline/modules/ivr/menus";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(ivrEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return { items: await listMenus(request.server.deps.db.db, account.id) };
});
