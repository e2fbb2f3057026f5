import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { displayName, listMembers } from "@poundline/modules/inbox/members";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const members = handle(inboxEndpoints.members, async (request) => {
  const { account } = requireAccount(request);
  const rows = await listMembers(request.server.deps.db.db, account.id);
  return { members: rows.map((member) => ({ ...member, name: displayName(member) })) };
});
