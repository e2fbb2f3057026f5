import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { markSupportRepliesRead } from "@poundline/modules/support/tickets";
import { handle } from "../../http/contract-route";
import { customerOf, detailFor } from "./shared";

export const ticket = handle(supportEndpoints.ticket, async (request) => {
  const detail = await detailFor(request, request.params.id, customerOf(request));
  const { db, clock } = request.server.deps;
  await markSupportRepliesRead(db.db, detail.id, clock());
  return detail;
});
