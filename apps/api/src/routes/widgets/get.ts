import { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import { findWidget } from "@poundline/modules/widgets/widgets";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { widgetNotFound } from "./shared";

export const get = handle(widgetEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  const widget = await findWidget(request.server.deps.db.db, account.id, request.params.id);
  if (!widget) throw widgetNotFound();
  return widget;
});
