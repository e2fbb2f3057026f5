import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { CANNOT_DELETE_SELF_MESSAGE } from "@poundline/contracts/admin/schemas";
import { notFound } from "@poundline/contracts/errors";
import { deleteUser as removeUser } from "@poundline/modules/admin/users";
import { requireAdmin } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { refuseSelf } from "./shared";

export const deleteUser = handle(adminEndpoints.deleteUser, async (request, reply) => {
  const { user } = requireAdmin(request);
  const { userId } = request.params;
  refuseSelf(user.id, userId, CANNOT_DELETE_SELF_MESSAGE);
  if (!(await removeUser(request.server.deps.db.db, userId, user.id))) throw notFound("User");
  return reply.status(204).send(null);
});
