import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { rollbackTo } from "@poundline/modules/ivr/versions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { published } from "./shared";

export const rollback = handle(ivrEndpoints.rollback, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const result = published(await rollbackTo(db.db, account.id, request.params.id, user.id, clock()));
  await routing.changed();
  return reply.status(201).send(result);
});
