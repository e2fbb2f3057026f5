import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { findMenu } from "@poundline/modules/ivr/menus";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { menuNotFound } from "./shared";

export const get = handle(ivrEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  const menu = await findMenu(request.server.deps.db.db, account.id, request.params.id);
  if (!menu) throw menuNotFound();
  return menu;
});
