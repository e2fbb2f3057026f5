import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { listDispositions, saveDispositions } from "@poundline/modules/calls/tags";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const dispositions = handle(callEndpoints.dispositions, async (request) => {
  const { account } = requireAccount(request);
  return { dispositions: await listDispositions(request.server.deps.db.db, account.id) };
});

export const updateDispositions = handle(callEndpoints.updateDispositions, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  return { dispositions: await saveDispositions(db.db, account.id, request.body.dispositions, clock()) };
});
