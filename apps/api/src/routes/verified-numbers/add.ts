import { verifiedNumberEndpoints } from "@poundline/contracts/verified-numbers/endpoints";
import { addVerifiedNumber } from "@poundline/modules/verified-numbers/verify";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portsOf, sendAnswer } from "./shared";

export const add = handle(verifiedNumberEndpoints.add, async (request, reply) => {
  const { account } = requireAccount(request);
  return sendAnswer(await addVerifiedNumber(portsOf(request), account.id, request.body), reply, 201);
});
