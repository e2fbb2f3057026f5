import { AppError } from "@poundline/contracts/errors";
import { GEO_MESSAGES } from "@poundline/contracts/geo-routing/schemas";
import {
  checkRuleTargets,
  findSharedNumber,
  licensedClients,
  ownMenus,
} from "@poundline/modules/geo-routing/queries";
import type { FastifyRequest } from "fastify";

export const sharedNumberNotFound = () => new AppError("NOT_FOUND", GEO_MESSAGES.notFound);

/** The licensed clients' ids and the account's menus, and the check of the draft's targets. */
export async function draftContext(
  accountId: string,
  id: string,
  rules: Parameters<typeof checkRuleTargets>[0],
  request: Pick<FastifyRequest, "server">,
) {
  const { db } = request.server.deps;
  const number = await findSharedNumber(db.db, accountId, id);
  if (!number) throw sharedNumberNotFound();
  const [clients, menus] = await Promise.all([licensedClients(db.db, number.id), ownMenus(db.db, accountId)]);
  const clientIds = clients.map((c) => c.licenseeId);
  const fields = checkRuleTargets(rules, accountId, new Set(clientIds), new Set(menus.map((m) => m.id)));
  if (fields) throw new AppError("BAD_REQUEST", Object.values(fields)[0]?.[0] ?? "Invalid rules", fields);
  return { number, clientIds };
}
