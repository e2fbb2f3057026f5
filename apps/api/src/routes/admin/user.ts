import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { notFound } from "@poundline/contracts/errors";
import { findAdminUser } from "@poundline/modules/admin/users";
import { handle } from "../../http/contract-route";

export const user = handle(adminEndpoints.user, async (request) => {
  const found = await findAdminUser(request.server.deps.db.db, request.params.userId);
  if (!found) throw notFound("User");
  return found;
});
