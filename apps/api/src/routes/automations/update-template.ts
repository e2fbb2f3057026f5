import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { updateTemplate as update } from "@poundline/modules/automations/templates";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { templateNameTaken, templateNotFound } from "./shared";

export const updateTemplate = handle(automationEndpoints.updateTemplate, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const result = await update(db.db, account.id, request.params.id, request.body, clock());
  if (result.ok) return result.template;
  throw result.reason === "not_found" ? templateNotFound() : templateNameTaken();
});
