import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { settingsOf } from "@poundline/modules/people/people";
import { handle } from "../../http/contract-route";
import { me } from "./shared";

export const getForwarding = handle(peopleEndpoints.getForwarding, async (request) => {
  const { db, accountId, userId } = me(request);
  const { forwardingPhone } = await settingsOf(db, accountId, userId);
  return { forwardingPhone };
});
