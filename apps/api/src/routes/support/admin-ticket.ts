import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { handle } from "../../http/contract-route";
import { detailFor, SUPPORT } from "./shared";

export const adminTicket = handle(supportEndpoints.adminTicket, async (request) =>
  detailFor(request, request.params.id, SUPPORT),
);
