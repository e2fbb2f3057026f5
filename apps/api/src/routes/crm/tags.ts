import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { listContactTags } from "@poundline/modules/crm/contacts";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const tags = handle(contactEndpoints.tags, async (request) => {
  const { account } = requireAccount(request);
  return { tags: await listContactTags(request.server.deps.db.db, account.id) };
});
