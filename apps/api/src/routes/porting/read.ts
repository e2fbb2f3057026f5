import { portingEndpoints } from "@poundline/contracts/porting/endpoints";
import { readPortIn } from "@poundline/modules/porting/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portInNotFound } from "./shared";

export const read = handle(portingEndpoints.read, async (request) => {
  const { account } = requireAccount(request);
  const found = await readPortIn(request.server.deps.db.db, account.id, request.params.id);
  if (!found) throw portInNotFound();
  return found;
});
