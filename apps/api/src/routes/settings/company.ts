import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { readCompany } from "@poundline/modules/settings/settings";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const company = handle(settingsEndpoints.company, async (request) =>
  readCompany(request.server.deps.db.db, requireAuth(request)),
);
