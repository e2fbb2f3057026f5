import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { notFound } from "@poundline/contracts/errors";
import { findContent } from "@poundline/modules/admin/content";
import { handle } from "../../../http/contract-route";

export const contentEntry = handle(adminEndpoints.contentEntry, async (request) => {
  const entry = await findContent(request.server.deps.db.db, request.params.id);
  if (!entry) throw notFound("Content");
  return entry;
});
