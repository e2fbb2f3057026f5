import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { reopenTicket } from "@poundline/modules/support/tickets";
import { handle } from "../../http/contract-route";
import { changed, customerOf, detailFor } from "./shared";

export const reopen = handle(supportEndpoints.reopen, async (request) => {
  const reader = customerOf(request);
  const { outbox, clock } = request.server.deps;
  changed(await reopenTicket(outbox, request.params.id, reader, clock()));
  return detailFor(request, request.params.id, reader);
});
