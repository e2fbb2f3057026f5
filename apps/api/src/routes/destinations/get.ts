import { can } from "@poundline/contracts/auth/permissions";
import { destinationEndpoints } from "@poundline/contracts/destinations/endpoints";
import { SELECTABLE_COUNTRIES } from "@poundline/contracts/destinations/schemas";
import { loadDestinationPolicy } from "@poundline/modules/destinations/policy";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const get = handle(destinationEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  const policy = await loadDestinationPolicy(request.server.deps.db.db, account.id);
  return {
    allowedCountries: [...policy.allowedCountries],
    countries: SELECTABLE_COUNTRIES,
    canEdit: can(account.role, "calling.countries"),
  };
});
