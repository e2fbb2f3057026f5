import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { searchAvailable } from "@poundline/modules/numbers/numbers";
import { numberPrice } from "@poundline/modules/numbers/pricing";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { atCarrier } from "./shared";

export const available = handle(numberEndpoints.available, async (request) => {
  const { account } = requireAccount(request);
  const { db, numberCarrier, clock } = request.server.deps;
  const [numbers, price] = await Promise.all([
    atCarrier(() => searchAvailable(numberCarrier, request.query)),
    numberPrice(db.db, account.id, request.query.type, clock(), request.query.country),
  ]);
  return { numbers, price };
});
