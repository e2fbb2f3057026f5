import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { templateVariables } from "@poundline/domain/automations";
import { listTemplates } from "@poundline/modules/automations/templates";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

const variables = Object.entries(templateVariables).map(([name, description]) => ({ name, description }));

export const templates = handle(automationEndpoints.templates, async (request) => {
  const { account } = requireAccount(request);
  return { templates: await listTemplates(request.server.deps.db.db, account.id), variables };
});
