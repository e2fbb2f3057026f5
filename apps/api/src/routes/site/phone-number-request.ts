import { siteEndpoints } from "@poundline/contracts/site/endpoints";
import { savePhoneNumberRequest } from "@poundline/modules/site/submissions";
import { handle } from "../../http/contract-route";
import { formLimit, senderOf } from "./shared";

export const phoneNumberRequest = handle(
  siteEndpoints.phoneNumberRequest,
  async (request, reply) => {
    const id = await savePhoneNumberRequest(request.server.deps.db.db, request.body, senderOf(request));
    return reply.status(201).send({ id });
  },
  formLimit,
);
