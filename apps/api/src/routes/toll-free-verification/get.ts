import { tollFreeVerificationEndpoints } from "@poundline/contracts/toll-free-verification/endpoints";
import { readTollFreeVerification } from "@poundline/modules/toll-free-verification/verifications";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { tollFreeAnswer, tollFreePorts } from "./shared";

export const get = handle(tollFreeVerificationEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  return tollFreeAnswer(
    await readTollFreeVerification(tollFreePorts(request), account.id, request.params.id),
  );
});
