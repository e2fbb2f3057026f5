import { widgetEndpoints } from "@poundline/contracts/widgets/endpoints";
import { listAttempts } from "@poundline/modules/widgets/attempts";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { widgetNotFound } from "./shared";

export const attempts = handle(widgetEndpoints.attempts, async (request) => {
  const { account } = requireAccount(request);
  const list = await listAttempts(request.server.deps.db.db, account.id, request.params.id, request.query);
  if (!list) throw widgetNotFound();
  return list;
});
