import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { replyToTicket } from "@poundline/modules/support/tickets";
import { requireAdmin } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { changed, detailFor, SUPPORT } from "./shared";

export const adminReply = handle(supportEndpoints.adminReply, async (request, reply) => {
  const { user } = requireAdmin(request);
  const { outbox, clock } = request.server.deps;
  changed(
    await replyToTicket(outbox, {
      ticketId: request.params.id,
      reader: SUPPORT,
      userId: user.id,
      message: request.body.message,
      now: clock(),
    }),
  );
  return reply.status(201).send(await detailFor(request, request.params.id, SUPPORT));
});
