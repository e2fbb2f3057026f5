import { extensionEndpoints } from "@poundline/contracts/extensions/endpoints";
import { listExtensions } from "@poundline/modules/extensions/extensions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(extensionEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return { items: await listExtensions(request.server.deps.db.db, account.id, request.query.search) };
});
