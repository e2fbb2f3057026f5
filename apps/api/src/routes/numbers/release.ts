import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { releaseNumber } from "@poundline/modules/numbers/numbers";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { atCarrier, numberNotFound, portsOf } from "./shared";

export const release = handle(numberEndpoints.release, async (request, reply) => {
  const { account } = requireAccount(request);
  if (!(await atCarrier(() => releaseNumber(portsOf(request), account.id, request.params.id))))
    throw numberNotFound();
  await request.server.deps.routing.changed();
  return reply.status(204).send(null);
});
