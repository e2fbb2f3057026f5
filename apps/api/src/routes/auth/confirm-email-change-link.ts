import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { confirmEmailChange } from "@poundline/modules/auth/email-change";
import { portsOf } from "@poundline/modules/auth/ports";
import { handle } from "../../http/contract-route";
import { pages } from "./shared";

// The link in the e-mail sent to a new address (settings); the address changes only here.
export const confirmEmailChangeLink = handle(
  authEndpoints.confirmEmailChangeLink,
  async (request, reply) => {
    const { token } = request.query;
    // The browser following the link stays signed in; the user's other sessions end.
    const changed = token
      ? await confirmEmailChange(portsOf(request), token, request.auth?.sessionId)
      : false;
    return reply.redirect(changed ? pages.emailChanged : pages.emailChangeFailed, 303);
  },
  { exposeHeadRoute: false },
);
