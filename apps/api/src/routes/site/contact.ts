import { siteEndpoints } from "@poundline/contracts/site/endpoints";
import { saveContactSubmission } from "@poundline/modules/site/submissions";
import { handle } from "../../http/contract-route";
import { formLimit, senderOf } from "./shared";

export const contact = handle(
  siteEndpoints.contact,
  async (request, reply) => {
    // The notice is queued with the row; the relay is woken once they are committed.
    const id = await saveContactSubmission(request.server.deps.outbox, request.body, senderOf(request));
    return reply.status(201).send({ id });
  },
  formLimit,
);
