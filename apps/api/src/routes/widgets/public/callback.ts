import { widgetPublicEndpoints } from "@poundline/contracts/widgets/endpoints";
import { VISITOR_MESSAGES } from "@poundline/contracts/widgets/schemas";
import { voicePaths } from "@poundline/domain";
import { ATTEMPT_DETAILS } from "@poundline/modules/widgets/attempts";
import { placeCallback } from "@poundline/modules/widgets/delivery";
import { handle } from "../../../http/contract-route";
import { admit, settle } from "./shared";

export const callback = handle(widgetPublicEndpoints.callback, async (request, reply) => {
  const { params, body } = request;
  const { widget, visitor, attemptId } = await admit(request, reply, params.publicKey, "call", body);
  const { db, carrierClient, carrier } = request.server.deps;
  const placed = await placeCallback(
    {
      db: db.db,
      carrier: carrierClient,
      webhookBaseUrl: carrier.webhookBaseUrl,
      statusPath: voicePaths.status,
    },
    { accountId: widget.accountId, ...widget.business },
    visitor,
  );
  if (!placed.ok)
    request.log.warn(
      { widgetId: widget.id, reason: placed.reason },
      "widget callback refused by the carrier",
    );
  const result = placed.ok
    ? { ok: true, detail: ATTEMPT_DETAILS.callbackPlaced }
    : { ok: false, detail: `The carrier refused the call: ${placed.reason}` };
  return settle(request, reply, attemptId, result, VISITOR_MESSAGES.callAccepted);
});
