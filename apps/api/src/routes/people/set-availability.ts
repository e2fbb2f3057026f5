import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { setAvailability as save } from "@poundline/modules/people/people";
import { announcePresence } from "@poundline/modules/people/presence";
import { handle } from "../../http/contract-route";
import { me, routingChanged } from "./shared";

export const setAvailability = handle(peopleEndpoints.setAvailability, async (request) => {
  const { db, accountId, userId } = me(request);
  await save(db, accountId, userId, request.body);
  await routingChanged(request);
  announcePresence(request.server.deps.live, request.log, accountId, userId);
  return request.body;
});
