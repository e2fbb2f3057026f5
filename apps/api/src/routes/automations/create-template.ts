import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { createTemplate as create } from "@poundline/modules/automations/templates";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { templateNameTaken } from "./shared";

export const createTemplate = handle(automationEndpoints.createTemplate, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const result = await create(db.db, account.id, request.body, clock());
  if (!result.ok) throw templateNameTaken();
  return reply.status(201).send(result.template);
});
