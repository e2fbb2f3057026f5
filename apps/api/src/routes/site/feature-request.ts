import { siteEndpoints } from "@poundline/contracts/site/endpoints";
import { saveFeatureRequest } from "@poundline/modules/site/submissions";
import { handle } from "../../http/contract-route";
import { formLimit } from "./shared";

export const featureRequest = handle(
  siteEndpoints.featureRequest,
  async (request, reply) => {
    const id = await saveFeatureRequest(request.server.deps.db.db, request.body);
    return reply.status(201).send({ id });
  },
  formLimit,
);
