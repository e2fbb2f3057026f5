import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { closeTicket } from "@poundline/modules/support/tickets";
import { requireAdmin } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { changed, detailFor, SUPPORT } from "./shared";

export const close = handle(supportEndpoints.close, async (request) => {
  const { user } = requireAdmin(request);
  const { outbox, clock } = request.server.deps;
  changed(await closeTicket(outbox, request.params.id, user.id, clock()));
  return detailFor(request, request.params.id, SUPPORT);
});
