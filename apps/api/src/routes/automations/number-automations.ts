import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { readNumberAutomations } from "@poundline/modules/automations/settings";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { numberNotFound } from "./shared";

export const numberAutomations = handle(automationEndpoints.numberAutomations, async (request) => {
  const { account } = requireAccount(request);
  const found = await readNumberAutomations(request.server.deps.db.db, account.id, request.params.id);
  if (!found) throw numberNotFound();
  return found;
});
