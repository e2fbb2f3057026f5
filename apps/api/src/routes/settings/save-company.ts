import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { readCompany, saveCompany as saveAccountCompany } from "@poundline/modules/settings/settings";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const saveCompany = handle(settingsEndpoints.saveCompany, async (request) => {
  const auth = requireAuth(request);
  const { db, clock } = request.server.deps;
  await saveAccountCompany(db.db, auth, request.body, clock());
  return readCompany(db.db, auth);
});
