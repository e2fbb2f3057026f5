import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { publishDraft } from "@poundline/modules/ivr/versions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { published } from "./shared";

export const publish = handle(ivrEndpoints.publish, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const result = published(await publishDraft(db.db, account.id, user.id, request.body.note, clock()));
  // Answered once this instance's tables hold it: the next call here follows the new version.
  await routing.changed();
  return reply.status(201).send(result);
});
