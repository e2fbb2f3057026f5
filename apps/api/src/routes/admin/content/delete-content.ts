import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { notFound } from "@poundline/contracts/errors";
import { deleteContent as removeContent } from "@poundline/modules/admin/content";
import { requireAdmin } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

export const deleteContent = handle(adminEndpoints.deleteContent, async (request, reply) => {
  const { user } = requireAdmin(request);
  if (!(await removeContent(request.server.deps.db.db, request.params.id, user.id)))
    throw notFound("Content");
  return reply.status(204).send(null);
});
