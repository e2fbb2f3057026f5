import { destinationEndpoints } from "@poundline/contracts/destinations/endpoints";
import { SELECTABLE_COUNTRIES } from "@poundline/contracts/destinations/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const save = handle(destinationEndpoints.save, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  await db.db
    .update(schema.accounts)
    .set({ allowedCountries: request.body.allowedCountries, updatedAt: clock() })
    .where(eq(schema.accounts.id, account.id));
  // Forwards compiled into the routing tables follow the new countries.
  await routing.changed();
  return {
    allowedCountries: request.body.allowedCountries,
    countries: SELECTABLE_COUNTRIES,
    canEdit: true,
  };
});
