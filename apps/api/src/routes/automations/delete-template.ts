import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { deleteTemplate as remove } from "@poundline/modules/automations/templates";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { templateNotFound } from "./shared";

export const deleteTemplate = handle(automationEndpoints.deleteTemplate, async (request, reply) => {
  const { account } = requireAccount(request);
  if (!(await remove(request.server.deps.db.db, account.id, request.params.id))) throw templateNotFound();
  return reply.status(204).send(null);
});
