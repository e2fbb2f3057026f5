import { geoRoutingEndpoints } from "@poundline/contracts/geo-routing/endpoints";
import { draftCoverage } from "@poundline/modules/geo-routing/probe";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { draftContext } from "./shared";

/** Coverage of the draft rules, before saving. */
export const coverage = handle(geoRoutingEndpoints.coverage, async (request) => {
  const { account } = requireAccount(request);
  const { clientIds } = await draftContext(account.id, request.params.id, request.body.rules, request);
  return draftCoverage(request.body.rules, clientIds);
});
