import { softphoneEndpoints } from "@poundline/contracts/softphone/endpoints";
import { setRingBrowser, softphoneSettings } from "@poundline/modules/softphone/settings";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const getSettings = handle(softphoneEndpoints.getSettings, async (request) => {
  const { account, user } = requireAccount(request);
  return softphoneSettings(request.server.deps.db.db, account.id, user.id);
});

/** Ring groups read it: the routing tables are recompiled before the answer. */
export const setSettings = handle(softphoneEndpoints.setSettings, async (request) => {
  const { account, user } = requireAccount(request);
  const { db, routing } = request.server.deps;
  await setRingBrowser(db.db, account.id, user.id, request.body.ringBrowser);
  await routing.changed();
  return softphoneSettings(db.db, account.id, user.id);
});
