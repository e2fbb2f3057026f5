import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { listNumbers } from "@poundline/modules/numbers/numbers";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(numberEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return listNumbers(request.server.deps.db.db, account.id, request.query);
});
