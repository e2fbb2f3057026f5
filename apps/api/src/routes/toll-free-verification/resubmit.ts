import { tollFreeVerificationEndpoints } from "@poundline/contracts/toll-free-verification/endpoints";
import { resubmitTollFreeVerification } from "@poundline/modules/toll-free-verification/verifications";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { tollFreeAnswer, tollFreePorts } from "./shared";

export const resubmit = handle(tollFreeVerificationEndpoints.resubmit, async (request) => {
  const { account } = requireAccount(request);
  return tollFreeAnswer(
    await resubmitTollFreeVerification(tollFreePorts(request), account.id, request.params.id, request.body),
  );
});
