import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { createTicket } from "@poundline/modules/support/tickets";
import { handle } from "../../http/contract-route";
import { customerOf } from "./shared";

export const create = handle(supportEndpoints.create, async (request, reply) => {
  const { db, clock } = request.server.deps;
  const ticket = await createTicket(db.db, customerOf(request), request.body, clock());
  return reply.status(201).send(ticket);
});
