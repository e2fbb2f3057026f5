import { invitationEndpoints } from "@poundline/contracts/team/endpoints";
import { previewInvitation as preview } from "@poundline/modules/team/invitations";
import { handle } from "../../http/contract-route";

export const previewInvitation = handle(invitationEndpoints.preview, async (request) =>
  preview(request.server.deps.db.db, request.params.token, request.server.deps.clock()),
);
