import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { convertContactToClient } from "@poundline/modules/crm/contacts";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { contactNotFound } from "./shared";

export const convert = handle(contactEndpoints.convert, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const contact = await convertContactToClient(db.db, account.id, request.params.id, clock());
  if (!contact) throw contactNotFound();
  return contact;
});
