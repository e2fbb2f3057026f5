import { teamEndpoints } from "@poundline/contracts/team/endpoints";
import { invite as sendInvitation } from "@poundline/modules/team/invitations";
import { handle } from "../../http/contract-route";
import { actorOf, portsOf } from "./shared";

export const invite = handle(teamEndpoints.invite, async (request, reply) => {
  const invitation = await sendInvitation(portsOf(request), actorOf(request), request.body);
  return reply.status(201).send(invitation);
});
