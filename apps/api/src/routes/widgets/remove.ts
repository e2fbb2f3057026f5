import { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import { deleteWidget } from "@poundline/modules/widgets/widgets";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { widgetNotFound } from "./shared";

export const remove = handle(widgetEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  if (!(await deleteWidget(request.server.deps.db.db, account.id, request.params.id))) throw widgetNotFound();
  return reply.status(204).send(null);
});
