import { AppError } from "@poundline/contracts/errors";
import { geoRoutingEndpoints } from "@poundline/contracts/geo-routing/endpoints";
import { GEO_MESSAGES } from "@poundline/contracts/geo-routing/schemas";
import { saveRules as saveGeoRules } from "@poundline/modules/geo-routing/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sharedNumberNotFound } from "./shared";

export const saveRules = handle(geoRoutingEndpoints.saveRules, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const { rules, askLocation } = request.body;
  const result = await saveGeoRules(db.db, account.id, request.params.id, rules, clock(), askLocation);
  switch (result.kind) {
    case "not_found":
      throw sharedNumberNotFound();
    case "not_manager":
      throw new AppError("FORBIDDEN", GEO_MESSAGES.notManager);
    case "invalid":
      throw new AppError(
        "BAD_REQUEST",
        Object.values(result.fields)[0]?.[0] ?? "Invalid rules",
        result.fields,
      );
    case "saved":
      // Every instance answers the next call with the new rules.
      await routing.changed();
      return { rules: result.rules, askLocation: result.askLocation };
  }
});
