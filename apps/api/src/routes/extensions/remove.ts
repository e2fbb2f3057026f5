import { AppError } from "@poundline/contracts/errors";
import { extensionEndpoints } from "@poundline/contracts/extensions/endpoints";
import { deleteExtension } from "@poundline/modules/extensions/extensions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { extensionNotFound } from "./shared";

export const remove = handle(extensionEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, routing } = request.server.deps;
  const result = await deleteExtension(db.db, account.id, request.params.id);
  if (!result.ok && result.reason === "not_found") throw extensionNotFound();
  if (!result.ok && result.reason === "in_use") {
    const message = `This extension is used by ${result.usedBy.join(", ")}.`;
    throw new AppError("CONFLICT", message, { usedBy: result.usedBy });
  }
  await routing.changed();
  return reply.status(204).send(null);
});
