import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { deleteContact } from "@poundline/modules/crm/contacts";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { contactNotFound } from "./shared";

export const remove = handle(contactEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  const deleted = await deleteContact(request.server.deps.db.db, account.id, request.params.id);
  if (!deleted) throw contactNotFound();
  return reply.status(204).send(null);
});
