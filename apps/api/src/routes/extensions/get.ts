import { extensionEndpoints } from "@poundline/contracts/extensions/endpoints";
import { findExtension } from "@poundline/modules/extensions/extensions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { extensionNotFound } from "./shared";

export const get = handle(extensionEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  const extension = await findExtension(request.server.deps.db.db, account.id, request.params.id);
  if (!extension) throw extensionNotFound();
  return extension;
});
