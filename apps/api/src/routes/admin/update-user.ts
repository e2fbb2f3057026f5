import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { notFound } from "@poundline/contracts/errors";
import { findAdminUser, updateUser as saveUser } from "@poundline/modules/admin/users";
import { requireAdmin } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { emailTaken } from "./shared";

export const updateUser = handle(adminEndpoints.updateUser, async (request) => {
  const { user } = requireAdmin(request);
  const { db, clock } = request.server.deps;
  const { userId } = request.params;
  const result = await saveUser(db.db, userId, request.body, user.id, clock());
  if (result === "taken") throw emailTaken();
  const updated = result && (await findAdminUser(db.db, userId));
  if (!updated) throw notFound("User");
  return updated;
});
