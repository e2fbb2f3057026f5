import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { replyToTicket } from "@poundline/modules/support/tickets";
import { handle } from "../../http/contract-route";
import { changed, customerOf, detailFor } from "./shared";

export const reply = handle(supportEndpoints.reply, async (request, response) => {
  const reader = customerOf(request);
  const { outbox, clock } = request.server.deps;
  changed(
    await replyToTicket(outbox, {
      ticketId: request.params.id,
      reader,
      userId: reader.userId,
      message: request.body.message,
      now: clock(),
    }),
  );
  return response.status(201).send(await detailFor(request, request.params.id, reader));
});
