import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { stepped } from "./shared";

export const tryKeys = handle(ivrEndpoints.tryKeys, async (request) => {
  const { account, sessionId } = requireAccount(request);
  const { digits } = request.body;
  // One key per menu; nothing pressed: wait at the menu until its timeout.
  const keys = digits === "" ? [""] : [...digits];
  const owner = { accountId: account.id, sessionId };
  return stepped(await request.server.deps.ivrTries.press(request.params.tryId, owner, keys));
});
