import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { contentMessages } from "@poundline/contracts/admin/schemas";
import { AppError } from "@poundline/contracts/errors";
import { createContent as saveContent } from "@poundline/modules/admin/content";
import { requireAdmin } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

export const createContent = handle(adminEndpoints.createContent, async (request, reply) => {
  const { user } = requireAdmin(request);
  const created = await saveContent(request.server.deps.db.db, request.body, user.id);
  if (created === "taken")
    throw new AppError("CONFLICT", contentMessages.keyTaken, {
      "body.contentKey": [contentMessages.keyTaken],
    });
  return reply.status(201).send(created);
});
