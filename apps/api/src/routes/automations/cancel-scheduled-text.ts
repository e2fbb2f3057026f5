import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { automationMessages } from "@poundline/contracts/automations/schemas";
import { AppError } from "@poundline/contracts/errors";
import { cancelScheduledText as cancel } from "@poundline/modules/automations/scheduled";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { scheduledTextNotFound } from "./shared";

export const cancelScheduledText = handle(automationEndpoints.cancelScheduledText, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const result = await cancel(db.db, account.id, request.params.id, clock());
  if (result.ok) return result.text;
  if (result.reason === "not_found") throw scheduledTextNotFound();
  throw new AppError("CONFLICT", automationMessages.notPending);
});
