import { twoFactorEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import { metaOf, portsOf, usesHttps } from "@poundline/modules/auth/ports";
import { readSessionToken } from "@poundline/modules/auth/sessions";
import { sessionBody } from "@poundline/modules/auth/sign-in";
import { verifySecondFactor } from "@poundline/modules/auth/two-factor";
import { setSessionCookie } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

// Sign-in, second step: the session opened by the password, and a code or a recovery code.
export const verify = handle(twoFactorEndpoints.verify, async (request, reply) => {
  const pending = request.pendingTwoFactor;
  if (!pending) throw new AppError("UNAUTHORIZED", authMessages.twoFactorSignInExpired);
  const session = await verifySecondFactor(portsOf(request), pending, request.body, metaOf(request));
  const { db, clock, config } = request.server.deps;
  // The token changes with the second factor: the browser gets the new one.
  setSessionCookie(reply, session.token, session.expiresAt, usesHttps(config));
  const auth = await readSessionToken(db.db, session.token, clock());
  if (!auth) throw new AppError("UNAUTHORIZED", authMessages.twoFactorSignInExpired);
  return sessionBody(auth);
});
