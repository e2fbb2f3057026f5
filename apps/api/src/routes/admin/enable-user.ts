import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { handle } from "../../http/contract-route";
import { setDisabled } from "./shared";

export const enableUser = handle(adminEndpoints.enableUser, async (request) =>
  setDisabled(request, request.params.userId, false),
);
