import { portingEndpoints } from "@poundline/contracts/porting/endpoints";
import { cancelPortIn } from "@poundline/modules/porting/requests";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portingPorts, writeAnswer } from "./shared";

export const cancel = handle(portingEndpoints.cancel, async (request) => {
  const { account } = requireAccount(request);
  return writeAnswer(await cancelPortIn(portingPorts(request), account.id, request.params.id));
});
