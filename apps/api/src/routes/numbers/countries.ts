import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { countriesOnSale } from "@poundline/modules/numbers/abroad";
import { handle } from "../../http/contract-route";
import { abroadPortsOf, atCarrier } from "./shared";

export const countries = handle(numberEndpoints.countries, async (request) => ({
  countries: await atCarrier(() => countriesOnSale(abroadPortsOf(request))),
}));
