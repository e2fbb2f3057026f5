import { AppError } from "@poundline/contracts/errors";
import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { GREETING_MESSAGES } from "@poundline/contracts/greetings/schemas";
import { findGreetingCall } from "@poundline/modules/greetings/phone-calls";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const getCall = handle(greetingEndpoints.getCall, async (request) => {
  const { account } = requireAccount(request);
  const call = await findGreetingCall(request.server.deps.db.db, account.id, request.params.id);
  if (!call) throw new AppError("NOT_FOUND", GREETING_MESSAGES.callNotFound);
  return call;
});
