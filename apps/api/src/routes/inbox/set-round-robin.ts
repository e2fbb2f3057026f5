import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { listRoundRobin, setRoundRobin as save } from "@poundline/modules/inbox/round-robin";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { numberNotFound } from "../numbers/shared";

export const setRoundRobin = handle(inboxEndpoints.setRoundRobin, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  if (!(await save(db.db, account.id, request.params.id, request.body.enabled, clock())))
    throw numberNotFound();
  return { numbers: await listRoundRobin(db.db, account.id) };
});
