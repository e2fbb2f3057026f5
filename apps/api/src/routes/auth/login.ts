import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { metaOf, portsOf, usesHttps } from "@poundline/modules/auth/ports";
import { awaitsSecondFactor } from "@poundline/modules/auth/sessions";
import { sessionBody, signIn } from "@poundline/modules/auth/sign-in";
import { setSessionCookie } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const login = handle(authEndpoints.login, async (request, reply) => {
  const { token, auth } = await signIn(portsOf(request), request.body, metaOf(request));
  setSessionCookie(reply, token, auth.expiresAt, usesHttps(request.server.deps.config));
  return awaitsSecondFactor(auth) ? sessionBody(null, true) : sessionBody(auth);
});
