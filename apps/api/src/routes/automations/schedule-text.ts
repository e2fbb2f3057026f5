import { automationEndpoints } from "@poundline/contracts/automations/endpoints";
import { automationMessages } from "@poundline/contracts/automations/schemas";
import { AppError } from "@poundline/contracts/errors";
import { scheduleText as schedule } from "@poundline/modules/automations/scheduled";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { numberNotFound } from "./shared";

export const scheduleText = handle(automationEndpoints.scheduleText, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const result = await schedule(db.db, { accountId: account.id, userId: user.id }, request.body, clock());
  if (result.ok) return reply.status(201).send(result.text);
  if (result.reason === "number_not_found") throw numberNotFound();
  throw new AppError("BAD_REQUEST", automationMessages.sendAtPast, {
    "body.sendAt": [automationMessages.sendAtPast],
  });
});
