import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { renameNumber } from "@poundline/modules/numbers/numbers";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { numberNotFound, portsOf } from "./shared";

export const rename = handle(numberEndpoints.rename, async (request) => {
  const { account } = requireAccount(request);
  const { id } = request.params;
  const number = await renameNumber(portsOf(request), account.id, id, request.body.friendlyName);
  if (!number) throw numberNotFound();
  await request.server.deps.routing.changed();
  return number;
});
