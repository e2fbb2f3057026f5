import { endpointRoutes } from "../../http/contract-route";
import { available } from "./available";
import { bundles } from "./bundles";
import { buy } from "./buy";
import { countries } from "./countries";
import { get } from "./get";
import { list } from "./list";
import { release } from "./release";
import { rename } from "./rename";
import { requests } from "./requests";
import { requirements } from "./requirements";
import { setEmergencyAddress } from "./set-emergency-address";
import { submitBundle } from "./submit-bundle";

/** The account's phone numbers, mounted under /api: one file per endpoint. Every write ends with `routing.changed()`. */
export const numberRoutes = endpointRoutes(
  list,
  requests,
  available,
  countries,
  requirements,
  bundles,
  submitBundle,
  buy,
  get,
  rename,
  release,
  setEmergencyAddress,
);
