import { extensionEndpoints } from "@poundline/contracts/extensions/endpoints";
import { createExtension } from "@poundline/modules/extensions/extensions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { assertDialable, saved } from "./shared";

export const create = handle(extensionEndpoints.create, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  await assertDialable(db.db, account.id, request.body.forwardingNumbers);
  const extension = saved(await createExtension(db.db, account.id, request.body, clock()));
  await routing.changed();
  return reply.status(201).send(extension);
});
