import { invitationEndpoints } from "@poundline/contracts/team/endpoints";
import { usesHttps } from "@poundline/modules/auth/ports";
import { createSession, readSessionToken } from "@poundline/modules/auth/sessions";
import { sessionBody } from "@poundline/modules/auth/sign-in";
import { registerFromInvitation as register } from "@poundline/modules/team/acceptance";
import { setSessionCookie } from "../../auth/context";
import { handle } from "../../http/contract-route";

/** The new user is signed in at once, working in the account that invited them. */
export const registerFromInvitation = handle(invitationEndpoints.register, async (request, reply) => {
  const { db, clock, config } = request.server.deps;
  const now = clock();
  const { userId, accountId } = await register(db.db, request.params.token, request.body, now);
  const { token, session } = await createSession(db.db, userId, now, {
    accountId,
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"],
  });
  setSessionCookie(reply, token, session.expiresAt, usesHttps(config));
  return reply.status(201).send(sessionBody(await readSessionToken(db.db, token, now)));
});
