import { teamEndpoints } from "@poundline/contracts/team/endpoints";
import { resendInvitation as resend } from "@poundline/modules/team/invitations";
import { handle } from "../../http/contract-route";
import { actorOf, portsOf } from "./shared";

export const resendInvitation = handle(teamEndpoints.resendInvitation, async (request) =>
  resend(portsOf(request), actorOf(request), request.params.id),
);
