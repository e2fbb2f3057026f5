import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { settingsOf } from "@poundline/modules/people/people";
import { handle } from "../../http/contract-route";
import { me } from "./shared";

export const getAvailability = handle(peopleEndpoints.getAvailability, async (request) => {
  const { db, accountId, userId } = me(request);
  const { availability } = await settingsOf(db, accountId, userId);
  return { availability };
});
