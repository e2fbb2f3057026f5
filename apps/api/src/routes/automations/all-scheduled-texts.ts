import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { listAccountScheduledTexts } from "@poundline/modules/automations/scheduled";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const allScheduledTexts = handle(automationEndpoints.allScheduledTexts, async (request) => {
  const { account } = requireAccount(request);
  return listAccountScheduledTexts(request.server.deps.db.db, account.id, request.query);
});
