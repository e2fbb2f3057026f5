import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { notFound } from "@poundline/contracts/errors";
import { grantAdmin as saveGrant } from "@poundline/modules/admin/users";
import { requireAdmin } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const grantAdmin = handle(adminEndpoints.grantAdmin, async (request) => {
  const { user } = requireAdmin(request);
  const grant = await saveGrant(request.server.deps.db.db, request.params.userId, user.id);
  if (!grant) throw notFound("User");
  return grant;
});
