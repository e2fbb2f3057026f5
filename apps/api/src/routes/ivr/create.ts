import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { createMenu } from "@poundline/modules/ivr/menus";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { saved } from "./shared";

export const create = handle(ivrEndpoints.create, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const menu = saved(await createMenu(db.db, account.id, request.body, clock()));
  return reply.status(201).send(menu);
});
