import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { listContent } from "@poundline/modules/admin/content";
import { handle } from "../../../http/contract-route";

/**
 * Editable content, under /api/admin/content. The public site reads the same rows
 * (GET /api/content), revalidated on every load, so a change shows at once.
 */
export const content = handle(adminEndpoints.content, async (request) => {
  const { query } = request;
  const page = await listContent(request.server.deps.db.db, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
