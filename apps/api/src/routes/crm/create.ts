import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { createContact } from "@poundline/modules/crm/contacts";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { duplicatePhone } from "./shared";

export const create = handle(contactEndpoints.create, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const result = await createContact(db.db, account.id, request.body, { userId: user.id, now: clock() });
  if (!result.ok) throw duplicatePhone();
  return reply.status(201).send(result.contact);
});
