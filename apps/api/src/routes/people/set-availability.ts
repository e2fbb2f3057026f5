import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { setAvailability as save } from "@poundline/modules/people/people";
import { announcePresence } from "@poundline/modules/people/presence";
import { ringHuntOf } from "../../carrier/ring-hunt";
import { handle } from "../../http/contract-route";
import { me, routingChanged } from "./shared";

export const setAvailability = handle(peopleEndpoints.setAvailability, async (request) => {
  const { db, accountId, userId } = me(request);
  await save(db, accountId, userId, request.body);
  await routingChanged(request);
  announcePresence(request.server.deps.live, request.log, accountId, userId);
  // Available again: their seat may take a caller of a line no wait round asks for (callbacks).
  if (request.body.availability === "available")
    await ringHuntOf(request.server).seatsFreed(accountId, request.log);
  return request.body;
});
