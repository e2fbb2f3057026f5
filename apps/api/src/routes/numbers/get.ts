import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { findNumber } from "@poundline/modules/numbers/numbers";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { numberNotFound } from "./shared";

export const get = handle(numberEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  const number = await findNumber(request.server.deps.db.db, account.id, request.params.id);
  if (!number) throw numberNotFound();
  return number;
});
