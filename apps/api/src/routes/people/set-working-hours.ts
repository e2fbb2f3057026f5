import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { setWorkingHours as save } from "@poundline/modules/people/people";
import { handle } from "../../http/contract-route";
import { me, routingChanged } from "./shared";

export const setWorkingHours = handle(peopleEndpoints.setWorkingHours, async (request) => {
  const { db, accountId, userId } = me(request);
  await save(db, accountId, userId, request.body);
  await routingChanged(request);
  return request.body;
});
