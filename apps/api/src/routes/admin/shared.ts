import { CANNOT_DISABLE_SELF_MESSAGE } from "@poundline/contracts/admin/schemas";
import { authMessages } from "@poundline/contracts/auth/messages";
import { AppError, notFound } from "@poundline/contracts/errors";
import { findAdminUser, setUserDisabled } from "@poundline/modules/admin/users";
import type { FastifyRequest } from "fastify";
import { requireAdmin } from "../../auth/context";

/** Refuses an action of an admin on their own user (revoke, disable, delete): 400 on the id. */
export function refuseSelf(actorUserId: string, userId: string, message: string) {
  if (userId === actorUserId) throw new AppError("BAD_REQUEST", message, { "params.userId": [message] });
}

export const emailTaken = () =>
  new AppError("CONFLICT", authMessages.emailTaken, { "body.email": [authMessages.emailTaken] });

/** Disables or enables a user (never the admin's own to disable); the user as it now is. */
export async function setDisabled(request: FastifyRequest, userId: string, disabled: boolean) {
  const { user } = requireAdmin(request);
  const { db, clock } = request.server.deps;
  if (disabled) refuseSelf(user.id, userId, CANNOT_DISABLE_SELF_MESSAGE);
  const result = await setUserDisabled(db.db, userId, disabled, user.id, clock());
  const changed = result && (await findAdminUser(db.db, userId));
  if (!changed) throw notFound("User");
  return changed;
}
