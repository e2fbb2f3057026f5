import { endpointRoutes } from "../../http/contract-route";
import { available } from "./available";
import { buy } from "./buy";
import { get } from "./get";
import { list } from "./list";
import { release } from "./release";
import { rename } from "./rename";
import { requests } from "./requests";
import { setEmergencyAddress } from "./set-emergency-address";

/** The account's phone numbers, mounted under /api: one file per endpoint. Every write ends with `routing.changed()`. */
export const numberRoutes = endpointRoutes(
  list,
  requests,
  available,
  buy,
  get,
  rename,
  release,
  setEmergencyAddress,
);
