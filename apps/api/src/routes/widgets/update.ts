import { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import { updateWidget } from "@poundline/modules/widgets/widgets";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { saved } from "./shared";

export const update = handle(widgetEndpoints.update, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  return saved(await updateWidget(db.db, account.id, request.params.id, request.body, clock()));
});
