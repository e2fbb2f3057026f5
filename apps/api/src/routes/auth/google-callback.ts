import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import {
  GOOGLE_STATE_COOKIE,
  GOOGLE_VERIFIER_COOKIE,
  readGoogleIdToken,
  signInWithGoogle,
} from "@poundline/modules/auth/google";
import { metaOf, portsOf } from "@poundline/modules/auth/ports";
import { setSessionCookie } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { type GoogleSetup, pages } from "./shared";

export const googleCallback = ({ signIn, cookie }: GoogleSetup) =>
  handle(authEndpoints.googleCallback, async (request, reply) => {
    const { code, state, error } = request.query;
    const expectedState = request.cookies[GOOGLE_STATE_COOKIE];
    const codeVerifier = request.cookies[GOOGLE_VERIFIER_COOKIE];
    // Each state is good for one try.
    reply.clearCookie(GOOGLE_STATE_COOKIE, { path: cookie.path });
    reply.clearCookie(GOOGLE_VERIFIER_COOKIE, { path: cookie.path });
    const fail = (reason: unknown) => {
      request.log.warn({ reason }, "Google sign-in refused");
      return reply.redirect(pages.googleFailed, 302);
    };

    if (!signIn) return fail("not configured");
    if (error) return fail(`Google answered ${error}`);
    if (!code || !state || !expectedState || !codeVerifier || state !== expectedState)
      return fail("state mismatch");
    try {
      const tokens = await signIn.exchangeCode(code, codeVerifier);
      const claims = readGoogleIdToken(tokens.idToken(), request.server.deps.config.GOOGLE_CLIENT_ID ?? "");
      const session = await signInWithGoogle(portsOf(request), claims, metaOf(request));
      setSessionCookie(reply, session.token, session.expiresAt, cookie.secure);
      return reply.redirect(pages.signedIn, 302);
    } catch (err) {
      return fail(err);
    }
  });
