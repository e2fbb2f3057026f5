import { widgetPublicEndpoints } from "@poundline/contracts/widgets/endpoints";
import { VISITOR_MESSAGES } from "@poundline/contracts/widgets/schemas";
import { ATTEMPT_DETAILS } from "@poundline/modules/widgets/attempts";
import { deliverVisitorText } from "@poundline/modules/widgets/delivery";
import { publishLiveEvent } from "@poundline/platform/events/live";
import { handle } from "../../../http/contract-route";
import { admit, settle } from "./shared";

export const text = handle(widgetPublicEndpoints.text, async (request, reply) => {
  const { params, body } = request;
  const { widget, visitor, attemptId } = await admit(request, reply, params.publicKey, "sms", body);
  const { db, clock, live } = request.server.deps;
  const delivered = await deliverVisitorText(
    { db: db.db, publish: (accountId, event) => publishLiveEvent(live, request.log, accountId, event) },
    { accountId: widget.accountId, ...widget.business },
    { attemptId, from: visitor, body: body.message, at: clock() },
  );
  const result = delivered.ok
    ? { ok: true, detail: ATTEMPT_DETAILS.textStored(body.message) }
    : { ok: false, detail: ATTEMPT_DETAILS.textNotStored(delivered.reason) };
  return settle(request, reply, attemptId, result, VISITOR_MESSAGES.textAccepted);
});
