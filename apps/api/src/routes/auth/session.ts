import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { sessionBody } from "@poundline/modules/auth/sign-in";
import { handle } from "../../http/contract-route";

export const session = handle(authEndpoints.session, async (request) =>
  sessionBody(request.auth, Boolean(request.pendingTwoFactor)),
);
