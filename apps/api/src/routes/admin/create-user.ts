import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { notFound } from "@poundline/contracts/errors";
import { findAdminUser, createUser as saveUser } from "@poundline/modules/admin/users";
import { requireAdmin } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { emailTaken } from "./shared";

export const createUser = handle(adminEndpoints.createUser, async (request, reply) => {
  const { user } = requireAdmin(request);
  const { db, clock } = request.server.deps;
  const userId = await saveUser(db.db, request.body, user.id, clock());
  if (userId === "taken") throw emailTaken();
  const created = await findAdminUser(db.db, userId);
  if (!created) throw notFound("User");
  return reply.status(201).send(created);
});
