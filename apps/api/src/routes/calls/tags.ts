import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { CALL_NOT_FOUND_MESSAGE } from "@poundline/contracts/calls/schemas";
import { AppError } from "@poundline/contracts/errors";
import { listCallTags, tagCall } from "@poundline/modules/calls/tags";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const tag = handle(callEndpoints.tag, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const result = await tagCall(db.db, account.id, request.params.id, request.body, clock());
  if (result.ok) return result.call;
  if (result.reason === "not_found") throw new AppError("NOT_FOUND", CALL_NOT_FOUND_MESSAGE);
  const [field, message] = Object.entries(result.fields)[0] ?? ["disposition", "Invalid."];
  throw new AppError("BAD_REQUEST", message, { [`body.${field}`]: [message] });
});

export const tags = handle(callEndpoints.tags, async (request) => {
  const { account } = requireAccount(request);
  return { tags: await listCallTags(request.server.deps.db.db, account.id) };
});
