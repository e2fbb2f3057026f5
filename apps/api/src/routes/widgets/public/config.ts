import { widgetPublicEndpoints } from "@poundline/contracts/widgets/endpoints";
import { findPublicWidget } from "@poundline/modules/widgets/widgets";
import { handle } from "../../../http/contract-route";
import { widgetNotFound } from "../shared";
import { grantOrigin, originRefused } from "./shared";

export const config = handle(widgetPublicEndpoints.config, async (request, reply) => {
  const found = await findPublicWidget(request.server.deps.db.db, request.params.publicKey);
  if (!found) throw widgetNotFound();
  if (!grantOrigin(request, reply, found.allowedOrigins)) throw originRefused();
  return found.widget;
});
