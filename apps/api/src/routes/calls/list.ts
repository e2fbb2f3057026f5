import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { callPageSize, listCalls } from "@poundline/modules/calls/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(callEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  const { query } = request;
  const page = await listCalls(request.server.deps.db.db, account.id, query);
  return { ...page, page: query.page, pageSize: callPageSize(query) };
});
