import { callBlockingEndpoints } from "@poundline/contracts/call-blocking/endpoints";
import { BLOCK_MESSAGES } from "@poundline/contracts/call-blocking/schemas";
import { AppError } from "@poundline/contracts/errors";
import { addBlockedCaller } from "@poundline/modules/call-blocking/blocking";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const add = handle(callBlockingEndpoints.add, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const entry = await addBlockedCaller(db.db, account.id, request.body, clock());
  if (!entry)
    throw new AppError("CONFLICT", BLOCK_MESSAGES.duplicate, { "body.value": [BLOCK_MESSAGES.duplicate] });
  await routing.changed();
  return reply.status(201).send(entry);
});
