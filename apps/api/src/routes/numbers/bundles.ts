import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { listBundles } from "@poundline/modules/numbers/abroad";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { abroadPortsOf, atCarrier } from "./shared";

export const bundles = handle(numberEndpoints.bundles, async (request) => {
  const { account } = requireAccount(request);
  return { bundles: await atCarrier(() => listBundles(abroadPortsOf(request), account.id)) };
});
