import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { listContacts } from "@poundline/modules/crm/contacts";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(contactEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  const { query } = request;
  const page = await listContacts(request.server.deps.db.db, account.id, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
