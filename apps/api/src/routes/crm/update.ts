import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { updateContact } from "@poundline/modules/crm/contacts";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { contactNotFound, duplicatePhone } from "./shared";

export const update = handle(contactEndpoints.update, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const result = await updateContact(db.db, account.id, request.params.id, request.body, clock());
  if (!result) throw contactNotFound();
  if (!result.ok) throw duplicatePhone();
  return result.contact;
});
