import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { updateMenu } from "@poundline/modules/ivr/menus";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { saved } from "./shared";

export const update = handle(ivrEndpoints.update, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const menu = saved(await updateMenu(db.db, account.id, request.params.id, request.body, clock()));
  return menu;
});
