import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { listPresence } from "@poundline/modules/people/presence";
import { handle } from "../../http/contract-route";
import { me } from "./shared";

export const presence = handle(peopleEndpoints.presence, async (request) => {
  const { db, accountId } = me(request);
  return { members: await listPresence(db, request.server.deps.presence, accountId) };
});
