import { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import { listWidgets } from "@poundline/modules/widgets/widgets";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(widgetEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return { items: await listWidgets(request.server.deps.db.db, account.id) };
});
