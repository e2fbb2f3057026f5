import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { listScheduledTexts } from "@poundline/modules/automations/scheduled";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { numberNotFound } from "./shared";

export const scheduledTexts = handle(automationEndpoints.scheduledTexts, async (request) => {
  const { account } = requireAccount(request);
  const found = await listScheduledTexts(request.server.deps.db.db, account.id, request.query);
  if (!found) throw numberNotFound();
  return found;
});
