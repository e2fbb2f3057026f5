import { callBlockingEndpoints } from "@poundline/contracts/call-blocking/endpoints";
import { saveBlockingRules } from "@poundline/modules/call-blocking/blocking";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const updateRules = handle(callBlockingEndpoints.updateRules, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const rules = await saveBlockingRules(db.db, account.id, request.body, clock());
  await routing.changed();
  return rules;
});
