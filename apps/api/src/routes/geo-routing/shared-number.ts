import { geoRoutingEndpoints } from "@poundline/contracts/geo-routing/endpoints";
import {
  findSharedNumber,
  licensedClients,
  listRules,
  ownMenus,
} from "@poundline/modules/geo-routing/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sharedNumberNotFound } from "./shared";

/** The number, its licensed clients and its rules (a licensee that does not manage it sees its own). */
export const sharedNumber = handle(geoRoutingEndpoints.sharedNumber, async (request) => {
  const { account } = requireAccount(request);
  const { db } = request.server.deps;
  const number = await findSharedNumber(db.db, account.id, request.params.id);
  if (!number) throw sharedNumberNotFound();
  const [clients, rules, menus] = await Promise.all([
    licensedClients(db.db, number.id),
    listRules(db.db, number.id, number.canEdit ? undefined : account.id),
    ownMenus(db.db, account.id),
  ]);
  return { sharedNumber: number, clients, rules, menus };
});
