import { tollFreeVerificationEndpoints } from "@poundline/contracts/toll-free-verification/endpoints";
import { submitTollFreeVerification } from "@poundline/modules/toll-free-verification/verifications";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { tollFreeAnswer, tollFreePorts } from "./shared";

export const submit = handle(tollFreeVerificationEndpoints.submit, async (request, reply) => {
  const { account } = requireAccount(request);
  const answer = await submitTollFreeVerification(
    tollFreePorts(request),
    account.id,
    request.params.id,
    request.body,
  );
  return reply.status(201).send(tollFreeAnswer(answer));
});
