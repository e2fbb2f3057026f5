import { AppError } from "@poundline/contracts/errors";
import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { setEmergencyAddress as saveEmergencyAddress } from "@poundline/modules/numbers/numbers";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { numberNotFound, portsOf } from "./shared";

export const setEmergencyAddress = handle(numberEndpoints.setEmergencyAddress, async (request) => {
  const { account } = requireAccount(request);
  const { id } = request.params;
  const result = await saveEmergencyAddress(portsOf(request), account.id, id, request.body);
  if (!result.ok) {
    if (result.reason === "not-found") throw numberNotFound();
    throw new AppError("BAD_REQUEST", result.message, { "body.street": [result.message] });
  }
  await request.server.deps.routing.changed();
  return result.number;
});
