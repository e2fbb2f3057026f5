import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { CANNOT_REVOKE_SELF_MESSAGE } from "@poundline/contracts/admin/schemas";
import { notFound } from "@poundline/contracts/errors";
import { revokeAdmin as removeGrant } from "@poundline/modules/admin/users";
import { requireAdmin } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { refuseSelf } from "./shared";

export const revokeAdmin = handle(adminEndpoints.revokeAdmin, async (request, reply) => {
  const { user } = requireAdmin(request);
  const { userId } = request.params;
  refuseSelf(user.id, userId, CANNOT_REVOKE_SELF_MESSAGE);
  const revoked = await removeGrant(request.server.deps.db.db, userId, user.id);
  if (!revoked) throw notFound("Admin user");
  return reply.status(204).send(null);
});
