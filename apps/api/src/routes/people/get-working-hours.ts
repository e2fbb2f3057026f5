import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { settingsOf } from "@poundline/modules/people/people";
import { handle } from "../../http/contract-route";
import { me } from "./shared";

export const getWorkingHours = handle(peopleEndpoints.getWorkingHours, async (request) => {
  const { db, accountId, userId } = me(request);
  const { timeZone, workingHours } = await settingsOf(db, accountId, userId);
  return { timeZone, workingHours };
});
