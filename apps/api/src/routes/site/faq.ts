import { siteEndpoints } from "@poundline/contracts/site/endpoints";
import { listPublishedFaq } from "@poundline/modules/site/content";
import { handle } from "../../http/contract-route";
import { allowCaching } from "./shared";

export const faq = handle(siteEndpoints.faq, async (request, reply) => {
  const items = await listPublishedFaq(request.server.deps.db.db, request.query.order);
  allowCaching(request, reply);
  return { items };
});
