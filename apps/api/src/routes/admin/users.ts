import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { listUsers } from "@poundline/modules/admin/users";
import { handle } from "../../http/contract-route";

export const users = handle(adminEndpoints.users, async (request) => {
  const { query } = request;
  const page = await listUsers(request.server.deps.db.db, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
