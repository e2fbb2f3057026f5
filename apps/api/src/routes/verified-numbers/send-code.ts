import { verifiedNumberEndpoints } from "@poundline/contracts/verified-numbers/endpoints";
import { resendCode } from "@poundline/modules/verified-numbers/verify";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portsOf, sendAnswer } from "./shared";

export const sendCode = handle(verifiedNumberEndpoints.sendCode, async (request, reply) => {
  const { account } = requireAccount(request);
  const result = await resendCode(portsOf(request), account.id, request.params.id, request.body.channel);
  return sendAnswer(result, reply, 200);
});
