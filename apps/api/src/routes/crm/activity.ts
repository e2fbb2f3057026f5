import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { listContactActivity } from "@poundline/modules/crm/activity";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { contactNotFound } from "./shared";

export const activity = handle(contactEndpoints.activity, async (request) => {
  const { account } = requireAccount(request);
  const { db } = request.server.deps;
  const items = await listContactActivity(db.db, account.id, request.params.id, request.query.limit);
  if (!items) throw contactNotFound();
  return { items };
});
