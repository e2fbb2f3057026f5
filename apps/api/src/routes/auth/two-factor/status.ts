import { twoFactorEndpoints } from "@poundline/contracts/auth/endpoints";
import { twoFactorStatus } from "@poundline/modules/auth/two-factor";
import { requireAuth } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

export const status = handle(twoFactorEndpoints.status, async (request) =>
  twoFactorStatus(request.server.deps.db.db, requireAuth(request)),
);
