import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { portsOf } from "@poundline/modules/auth/ports";
import { confirmEmail } from "@poundline/modules/auth/registration";
import { handle } from "../../http/contract-route";
import { pages } from "./shared";

// The link in the confirmation e-mail. No HEAD twin: a link checker must not use the token.
export const confirmEmailLink = handle(
  authEndpoints.confirmEmailLink,
  async (request, reply) => {
    const { token } = request.query;
    const confirmed = token ? await confirmEmail(portsOf(request), token) : false;
    return reply.redirect(confirmed ? pages.confirmed : pages.confirmFailed, 303);
  },
  { exposeHeadRoute: false },
);
