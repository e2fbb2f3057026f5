import { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import { createWidget } from "@poundline/modules/widgets/widgets";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { saved } from "./shared";

export const create = handle(widgetEndpoints.create, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const widget = saved(await createWidget(db.db, account.id, request.body, clock()));
  return reply.status(201).send(widget);
});
