import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { requirementsOf } from "@poundline/modules/numbers/abroad";
import { handle } from "../../http/contract-route";
import { atCarrier } from "./shared";

export const requirements = handle(numberEndpoints.requirements, async (request) =>
  atCarrier(() => requirementsOf(request.server.deps.internationalCarrier, request.query)),
);
