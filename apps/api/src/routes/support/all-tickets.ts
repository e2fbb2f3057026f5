import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { listAllTickets } from "@poundline/modules/support/tickets";
import { handle } from "../../http/contract-route";

export const allTickets = handle(supportEndpoints.allTickets, async (request) => {
  const { query } = request;
  const page = await listAllTickets(request.server.deps.db.db, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
