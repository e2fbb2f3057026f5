import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { CALL_NOT_FOUND_MESSAGE } from "@poundline/contracts/calls/schemas";
import { AppError } from "@poundline/contracts/errors";
import { updateCallNotes } from "@poundline/modules/calls/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const updateNotes = handle(callEndpoints.updateNotes, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const call = await updateCallNotes(db.db, account.id, request.params.id, request.body, clock());
  if (!call) throw new AppError("NOT_FOUND", CALL_NOT_FOUND_MESSAGE);
  return call;
});
