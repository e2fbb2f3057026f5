import { extensionEndpoints } from "@poundline/contracts/extensions/endpoints";
import { updateExtension } from "@poundline/modules/extensions/extensions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { assertDialable, saved } from "./shared";

export const update = handle(extensionEndpoints.update, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  await assertDialable(db.db, account.id, request.body.forwardingNumbers);
  const extension = saved(await updateExtension(db.db, account.id, request.params.id, request.body, clock()));
  await routing.changed();
  return extension;
});
