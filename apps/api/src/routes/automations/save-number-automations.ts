import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { saveNumberAutomations as save } from "@poundline/modules/automations/settings";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { numberNotFound } from "./shared";

export const saveNumberAutomations = handle(automationEndpoints.saveNumberAutomations, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const saved = await save(db.db, account.id, request.params.id, request.body, clock());
  if (!saved) throw numberNotFound();
  return saved;
});
