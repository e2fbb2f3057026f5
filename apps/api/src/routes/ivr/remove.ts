import { AppError } from "@poundline/contracts/errors";
import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { deleteMenu } from "@poundline/modules/ivr/menus";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { menuNotFound, removeUnusedGreeting } from "./shared";

export const remove = handle(ivrEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db } = request.server.deps;
  const result = await deleteMenu(db.db, account.id, request.params.id);
  if (!result.ok && result.reason === "not_found") throw menuNotFound();
  if (!result.ok && result.reason === "in_use") {
    const message = `This menu is used by ${result.usedBy.join(", ")}.`;
    throw new AppError("CONFLICT", message, { usedBy: result.usedBy });
  }
  if (result.ok) await removeUnusedGreeting(request, account.id, result.greetingRecordingUrl);
  return reply.status(204).send(null);
});
