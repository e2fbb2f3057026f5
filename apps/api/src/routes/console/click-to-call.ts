import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { AppError } from "@poundline/contracts/errors";
import { numberMessages } from "@poundline/contracts/numbers/schemas";
import { voicePaths } from "@poundline/domain";
import { callRefusal } from "@poundline/modules/billing/enforce";
import { placeClickToCall } from "@poundline/modules/console/click-to-call";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

type Refusal = Exclude<Awaited<ReturnType<typeof placeClickToCall>>, { ok: true }>;

/** Each reason a call is not placed, as the status and words the console shows. */
function refusal(result: Refusal): AppError {
  if (result.reason === "no-number")
    return new AppError("BAD_REQUEST", "This account has no phone number to call from.", {
      "body.callerId": ["This account has no phone number to call from."],
    });
  if (result.reason === "no-e911")
    return new AppError("BAD_REQUEST", numberMessages.noE911, {
      "body.callerId": [numberMessages.noE911],
    });
  if (result.reason === "destination")
    return new AppError("BAD_REQUEST", result.message, { [`body.${result.field}`]: [result.message] });
  if (result.reason === "prepaid") return new AppError("BAD_REQUEST", result.message);
  // As for texts (messages/send.ts): the billing gate is a 403, not bad input.
  if (result.reason === "billing") return new AppError("FORBIDDEN", result.message);
  return new AppError("BAD_REQUEST", `The carrier refused the call: ${result.message ?? "unknown reason"}`);
}

export const clickToCall = handle(consoleEndpoints.clickToCall, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const { db, carrierClient, carrier, routing, clock } = request.server.deps;
  const result = await placeClickToCall(
    {
      db: db.db,
      carrier: carrierClient,
      webhookBaseUrl: carrier.webhookBaseUrl,
      statusPath: voicePaths.status,
      billingRefusal: (accountId) => callRefusal(routing.current(), accountId, clock()),
    },
    { accountId: account.id, userId: user.id, ...request.body },
  );
  if (!result.ok) throw refusal(result);
  return reply.status(201).send({ callId: result.callId, callSid: result.callSid });
});
