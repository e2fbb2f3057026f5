import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { notFound } from "@poundline/contracts/errors";
import { updateContent as saveContent } from "@poundline/modules/admin/content";
import { requireAdmin } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

export const updateContent = handle(adminEndpoints.updateContent, async (request) => {
  const { user } = requireAdmin(request);
  const { db, clock } = request.server.deps;
  const updated = await saveContent(db.db, request.params.id, request.body, user.id, clock());
  if (!updated) throw notFound("Content");
  return updated;
});
