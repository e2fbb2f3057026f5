import { AppError } from "@poundline/contracts/errors";
import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { numberMessages } from "@poundline/contracts/numbers/schemas";
import { buyNumber } from "@poundline/modules/numbers/numbers";
import { joinNewNumbers } from "@poundline/modules/texting-registration/registration";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { registrationPorts } from "../texting-registration/shared";
import { portsOf } from "./shared";

type Refusal = Exclude<Awaited<ReturnType<typeof buyNumber>>, { ok: true }>;

/** Each reason a purchase is refused, as the status and words the console shows. */
function refusal(result: Refusal): AppError {
  switch (result.reason) {
    case "request-not-found":
      return new AppError("NOT_FOUND", numberMessages.requestNotFound);
    case "request-closed":
      return new AppError("CONFLICT", numberMessages.requestClosed);
    case "unpaid-trial":
    case "limit":
      return new AppError("FORBIDDEN", result.message);
    case "not-available":
      return new AppError("CONFLICT", result.message, { "body.e164": [result.message] });
    case "funds":
      return new AppError("FORBIDDEN", result.message);
    case "bundle":
      return result.notFound
        ? new AppError("NOT_FOUND", result.message)
        : new AppError("BAD_REQUEST", result.message, { [result.field]: [result.message] });
    case "not-sold":
      return new AppError("BAD_REQUEST", result.message, { "body.e164": [result.message] });
    default:
      return new AppError("BAD_REQUEST", result.message);
  }
}

export const buy = handle(numberEndpoints.buy, async (request, reply) => {
  const { account } = requireAccount(request);
  const result = await buyNumber(portsOf(request), account.id, request.body);
  if (!result.ok) throw refusal(result);
  // A local number bought after the texting campaign's approval joins its messaging service.
  await joinNewNumbers(registrationPorts(request), account.id);
  await request.server.deps.routing.changed();
  return reply.status(201).send(result.number);
});
