import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { handle } from "../../http/contract-route";
import { setDisabled } from "./shared";

export const disableUser = handle(adminEndpoints.disableUser, async (request) =>
  setDisabled(request, request.params.userId, true),
);
