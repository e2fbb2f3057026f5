import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { listOutboxEmails } from "@poundline/modules/admin/emails";
import { handle } from "../../http/contract-route";

export const emails = handle(adminEndpoints.emails, async (request) => {
  const { query } = request;
  const page = await listOutboxEmails(request.server.deps.db.db, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
