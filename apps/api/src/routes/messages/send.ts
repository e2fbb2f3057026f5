import { AppError } from "@poundline/contracts/errors";
import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import {
  LOW_BALANCE_MESSAGE,
  NUMBER_NOT_FOUND_MESSAGE,
  OPTED_OUT_MESSAGE,
  SMS_DISABLED_MESSAGE,
} from "@poundline/contracts/messages/schemas";
import { textRefusal } from "@poundline/modules/billing/enforce";
import { type SendResult, sendMessage } from "@poundline/modules/messages/send";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { smsPaths } from "../carrier/sms-routes";

function refusal(result: Exclude<SendResult, { ok: true }>): AppError {
  switch (result.reason) {
    case "number_not_found":
      return new AppError("NOT_FOUND", NUMBER_NOT_FOUND_MESSAGE);
    case "sms_disabled":
      return new AppError("BAD_REQUEST", SMS_DISABLED_MESSAGE, { "body.from": [SMS_DISABLED_MESSAGE] });
    case "opted_out":
      return new AppError("BAD_REQUEST", OPTED_OUT_MESSAGE, { "body.to": [OPTED_OUT_MESSAGE] });
    case "low_balance":
      return new AppError("BAD_REQUEST", LOW_BALANCE_MESSAGE);
    case "billing":
      return new AppError("FORBIDDEN", result.detail);
    case "destination":
      return new AppError("BAD_REQUEST", result.detail, { "body.to": [result.detail] });
    case "toll_free_unverified":
    case "unregistered":
      return new AppError("BAD_REQUEST", result.detail, { "body.from": [result.detail] });
    case "carrier_refused":
      return new AppError("BAD_REQUEST", `The carrier refused the message: ${result.detail}`);
  }
}

export const send = handle(messageEndpoints.send, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const { db, clock, carrier, carrierClient, outbox, routing } = request.server.deps;
  const result = await sendMessage(
    {
      db: db.db,
      outbox,
      carrier: carrierClient,
      clock,
      statusCallbackUrl: `${carrier.webhookBaseUrl}${smsPaths.status}`,
      log: request.log,
      billingRefusal: (accountId) => textRefusal(db.db, routing.current(), accountId, clock()),
    },
    { accountId: account.id, userId: user.id },
    request.body,
  );
  if (!result.ok) throw refusal(result);
  return reply.status(201).send(result.message);
});
