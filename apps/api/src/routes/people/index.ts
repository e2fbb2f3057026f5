import { endpointRoutes } from "../../http/contract-route";
import { getAvailability } from "./get-availability";
import { getForwarding } from "./get-forwarding";
import { getWorkingHours } from "./get-working-hours";
import { list } from "./list";
import { joinedCall, leftCall } from "./my-calls";
import { presence } from "./presence";
import { setAvailability } from "./set-availability";
import { setDirectLine } from "./set-direct-line";
import { setForwarding } from "./set-forwarding";
import { setWorkingHours } from "./set-working-hours";

/**
 * People in the routing, mounted under /api: one file per endpoint. A change ring groups read
 * (availability, hours, forwarding phone, direct number and extension) ends with `routing.changed()`.
 */
export const peopleRoutes = endpointRoutes(
  list,
  getAvailability,
  setAvailability,
  getWorkingHours,
  setWorkingHours,
  getForwarding,
  setForwarding,
  setDirectLine,
  presence,
  joinedCall,
  leftCall,
);
