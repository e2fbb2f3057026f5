import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { listMyTickets } from "@poundline/modules/support/tickets";
import { handle } from "../../http/contract-route";
import { customerOf } from "./shared";

export const myTickets = handle(supportEndpoints.myTickets, async (request) => {
  const { query } = request;
  const page = await listMyTickets(request.server.deps.db.db, customerOf(request), query);
  return { ...page, limit: query.limit, offset: query.offset };
});
