import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import { GOOGLE_STATE_COOKIE, GOOGLE_VERIFIER_COOKIE } from "@poundline/modules/auth/google";
import { generateCodeVerifier, generateState } from "arctic";
import { handle } from "../../http/contract-route";
import type { GoogleSetup } from "./shared";

/** Sends the browser to Google, with a state and a verifier it keeps in cookies for the callback. */
export const google = ({ signIn, cookie }: GoogleSetup) =>
  handle(authEndpoints.google, async (_request, reply) => {
    if (!signIn) throw new AppError("NOT_CONFIGURED", authMessages.googleNotConfigured);
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    reply.setCookie(GOOGLE_STATE_COOKIE, state, cookie);
    reply.setCookie(GOOGLE_VERIFIER_COOKIE, codeVerifier, cookie);
    return reply.redirect(signIn.authorizationUrl(state, codeVerifier).toString(), 302);
  });
