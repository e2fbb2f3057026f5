import { callRoutingEndpoints } from "@poundline/contracts/call-routing/endpoints";
import { AppError } from "@poundline/contracts/errors";
import { recordingRefusal } from "@poundline/modules/billing/enforce";
import { saveNumberRouting } from "@poundline/modules/call-routing/number-routing";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { assertForwardsDialable, saved } from "./shared";

export const save = handle(callRoutingEndpoints.save, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  await assertForwardsDialable(db.db, account.id, request.body);
  if (request.body.recordCalls) {
    const refusal = await recordingRefusal(db.db, account.id, request.params.numberId, clock());
    if (refusal) throw new AppError("FORBIDDEN", refusal, { "body.recordCalls": [refusal] });
  }
  const result = saved(
    await saveNumberRouting(db.db, account.id, request.params.numberId, request.body, clock()),
  );
  await routing.changed();
  return result;
});
