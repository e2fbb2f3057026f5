import { AppError } from "@poundline/contracts/errors";
import { textingRegistrationEndpoints } from "@poundline/contracts/texting-registration/endpoints";
import { textingRegistrationMessages } from "@poundline/contracts/texting-registration/schemas";
import { submitRegistration } from "@poundline/modules/texting-registration/registration";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { atCarrier } from "../numbers/shared";
import { registrationPorts } from "./shared";

export const submit = handle(textingRegistrationEndpoints.submit, async (request, reply) => {
  const { account } = requireAccount(request);
  const result = await atCarrier(() =>
    submitRegistration(registrationPorts(request), account.id, request.body),
  );
  if (result.ok) return reply.status(201).send(result.response);
  if (result.reason === "already_submitted")
    throw new AppError("CONFLICT", textingRegistrationMessages.already);
  throw new AppError("BAD_REQUEST", textingRegistrationMessages.lowBalance(result.feeCents));
});
