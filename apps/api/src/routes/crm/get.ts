import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { findContact } from "@poundline/modules/crm/contacts";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { contactNotFound } from "./shared";

export const get = handle(contactEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  const contact = await findContact(request.server.deps.db.db, account.id, request.params.id);
  if (!contact) throw contactNotFound();
  return contact;
});
