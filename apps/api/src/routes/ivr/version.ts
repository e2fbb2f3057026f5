import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { findVersion } from "@poundline/modules/ivr/versions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { versionNotFound } from "./shared";

export const version = handle(ivrEndpoints.version, async (request) => {
  const { account } = requireAccount(request);
  const found = await findVersion(request.server.deps.db.db, account.id, request.params.id);
  if (!found) throw versionNotFound();
  return found;
});
