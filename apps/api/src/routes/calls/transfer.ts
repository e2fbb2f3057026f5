import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { AppError } from "@poundline/contracts/errors";
import { transferCall } from "@poundline/modules/calls/transfer";
import { requireAccount } from "../../auth/context";
import { callPortsOf } from "../../carrier/call-ports";
import { handle } from "../../http/contract-route";

export const transfer = handle(callEndpoints.transfer, async (request) => {
  const { account } = requireAccount(request);
  const { callSid } = request.params;
  const result = await transferCall(callPortsOf(request), {
    accountId: account.id,
    callSid,
    target: request.body.target,
  });
  if (result.ok) return { callSid, target: result.target };
  if (result.reason === "target")
    throw new AppError("BAD_REQUEST", result.message, { [result.field]: [result.message] });
  throw new AppError(result.reason === "ended" ? "CONFLICT" : "NOT_FOUND", result.message);
});
