import { verifiedNumberEndpoints } from "@poundline/contracts/verified-numbers/endpoints";
import { removeVerifiedNumber } from "@poundline/modules/verified-numbers/verify";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { verifiedNumberNotFound } from "./shared";

export const remove = handle(verifiedNumberEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  if (!(await removeVerifiedNumber(request.server.deps.db.db, account.id, request.params.id)))
    throw verifiedNumberNotFound();
  await request.server.deps.routing.changed();
  return reply.status(204).send(null);
});
