import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { listMembers } from "@poundline/modules/people/people";
import { handle } from "../../http/contract-route";
import { me } from "./shared";

export const list = handle(peopleEndpoints.list, async (request) => {
  const { db, accountId } = me(request);
  return { members: await listMembers(db, accountId, request.server.deps.clock()) };
});
