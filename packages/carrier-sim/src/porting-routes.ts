/**
 * The carrier's porting paths (numbers.twilio.com, numbers_v1): whether a number can be brought
 * in. Served under `/numbers`, validated against the description like the API's paths.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { NumberRoutesOptions } from "./number-routes";
import { TOLL_FREE_AREA_CODES } from "./numbers";
import type { PortInNumber, PortInRequest } from "./porting";
import { carrierError } from "./rest";
import type { CarrierSim } from "./sim";

const E164 = /^\+[1-9]\d{6,14}$/;

/** The carrier's reasons a number cannot be ported through the API, with their codes. */
export const NOT_PORTABLE = {
  alreadyHere: { reason: "ALREADY_IN_THE_TARGET_ACCOUNT", code: 22131 },
  manual: { reason: "MANUAL_PORTING_AVAILABLE", code: 22133 },
} as const;

/** What the sim says of one number: North American numbers port, unless they are its own or toll-free. */
export function portabilityOf(sim: CarrierSim, phoneNumber: string, url: string) {
  const tollFree = (TOLL_FREE_AREA_CODES as readonly string[]).includes(phoneNumber.slice(2, 5));
  const own = sim.inventory.byNumber(phoneNumber) !== undefined;
  const refusal = own ? NOT_PORTABLE.alreadyHere : tollFree ? NOT_PORTABLE.manual : null;
  return {
    phone_number: phoneNumber,
    account_sid: own ? sim.accountSid : null,
    portable: refusal === null,
    pin_and_account_number_required: refusal === null,
    not_portable_reason: refusal?.reason ?? null,
    not_portable_reason_code: refusal?.code ?? null,
    number_type: tollFree ? "TOLL-FREE" : "LOCAL",
    country: phoneNumber.startsWith("+1") ? "US" : null,
    url,
  };
}

const NUMBERS_HOST = "https://numbers.twilio.com";

/** A port-in request as the carrier answers it (numbers.v1.porting_port_in). */
export function portInResource(sim: CarrierSim, request: PortInRequest) {
  return {
    port_in_request_sid: request.sid,
    url: `${NUMBERS_HOST}/v1/Porting/PortIn/${request.sid}`,
    account_sid: sim.accountSid,
    notification_emails: request.notificationEmails,
    target_port_in_date: request.targetDate,
    target_port_in_time_range_start: null,
    target_port_in_time_range_end: null,
    port_in_request_status: request.status,
    order_cancellation_reason: request.cancellationReason,
    losing_carrier_information: request.losingCarrier,
    phone_numbers: request.numbers.map((number) => ({
      phone_number: number.phoneNumber,
      port_in_phone_number_sid: number.sid,
      port_in_phone_number_status: number.status,
      number_type: numberTypeOf(number.phoneNumber),
      portable: true,
      not_portability_reason: null,
      not_portability_reason_code: null,
      port_date: number.portDate?.toISOString().replace(/\.\d{3}Z$/, "Z") ?? null,
      rejection_reason: number.rejectionReason,
      rejection_reason_code: number.rejectionReasonCode === null ? null : String(number.rejectionReasonCode),
      status_last_time_updated_timestamp: isoSeconds(number.lastUpdated),
      external_porting_vendor_phone_number_id: null,
    })),
    bundle_sid: null,
    portability_advance_carrier: null,
    auto_cancel_approval_numbers: null,
    documents: request.documents,
    date_created: isoSeconds(request.dateCreated),
    support_ticket_id: 0,
    signature_request_url: null,
  };
}

/** One number of a request as the carrier answers it (numbers.v1.porting_port_in_phone_number). */
export function portInNumberResource(sim: CarrierSim, request: PortInRequest, number: PortInNumber) {
  return {
    port_in_request_sid: request.sid,
    phone_number_sid: number.sid,
    url: `${NUMBERS_HOST}/v1/Porting/PortIn/${request.sid}/PhoneNumber/${number.sid}`,
    account_sid: sim.accountSid,
    phone_number_type: numberTypeOf(number.phoneNumber),
    date_created: isoSeconds(request.dateCreated),
    country: "US",
    missing_required_fields: false,
    last_updated: isoSeconds(number.lastUpdated),
    phone_number: number.phoneNumber,
    portable: true,
    not_portability_reason: null,
    not_portability_reason_code: null,
    port_in_phone_number_status: number.status,
    port_out_pin: null,
    rejection_reason: number.rejectionReason,
    rejection_reason_code: number.rejectionReasonCode,
    port_date: number.portDate ? isoSeconds(number.portDate) : null,
  };
}

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

const numberTypeOf = (phoneNumber: string) =>
  (TOLL_FREE_AREA_CODES as readonly string[]).includes(phoneNumber.slice(2, 5)) ? "TOLL-FREE" : "LOCAL";

type PortingOptions = Pick<NumberRoutesOptions, "sim" | "authenticate" | "validQuery" | "validBody">;

export async function portingRoutes(app: FastifyInstance, options: PortingOptions) {
  const { sim, authenticate, validQuery } = options;
  // Steps due on the sim's clock happen before the carrier answers anything about porting.
  app.addHook("preHandler", async () => {
    await sim.porting.runDue();
  });
  await portInRoutes(app, options);
  await webhookConfigurationRoutes(app, options);

  app.get(
    "/v1/Porting/Portability/PhoneNumber/:PhoneNumber",
    { onRequest: authenticate },
    async (request, reply) => {
      if (!validQuery("fetchPortingPortability", request, reply)) return reply;
      const { PhoneNumber } = request.params as { PhoneNumber: string };
      if (!E164.test(PhoneNumber))
        return carrierError(reply, 400, 20001, `Invalid parameter PhoneNumber: ${PhoneNumber}`);
      const url = `https://numbers.twilio.com/v1/Porting/Portability/PhoneNumber/${PhoneNumber}`;
      return portabilityOf(sim, PhoneNumber, url);
    },
  );
}

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);

async function portInRoutes(app: FastifyInstance, options: PortingOptions) {
  const { sim, authenticate, validBody } = options;

  app.post("/v1/Porting/PortIn", { onRequest: authenticate }, async (request, reply) => {
    const body = validBody("createPortingPortIn", request, reply) as unknown as PortInBody | null;
    if (!body) return reply;
    if (body.account_sid !== sim.accountSid)
      return carrierError(reply, 400, 20001, `Invalid parameter account_sid: ${body.account_sid}`);
    const refused = body.phone_numbers
      .map((entry) => portabilityOf(sim, entry.phone_number, ""))
      .find((found) => !found.portable || !E164.test(found.phone_number));
    if (refused)
      return carrierError(reply, 400, 22130, `Phone number ${refused.phone_number} is not portable`);
    const created = sim.porting.create({
      phoneNumbers: body.phone_numbers,
      losingCarrier: body.losing_carrier_information,
      targetDate: body.target_port_in_date ?? null,
      notificationEmails: body.notification_emails ?? [],
      documents: body.documents,
    });
    return reply.code(202).send(portInResource(sim, created));
  });

  app.get("/v1/Porting/PortIn/:PortInRequestSid", { onRequest: authenticate }, async (request, reply) => {
    const { PortInRequestSid } = request.params as { PortInRequestSid: string };
    const found = sim.porting.request(PortInRequestSid);
    return found ? portInResource(sim, found) : notFound(request, reply);
  });

  app.delete("/v1/Porting/PortIn/:PortInRequestSid", { onRequest: authenticate }, async (request, reply) => {
    const { PortInRequestSid } = request.params as { PortInRequestSid: string };
    const outcome = await sim.porting.cancel(PortInRequestSid);
    if (outcome === "not-found") return notFound(request, reply);
    if (outcome === "settled")
      return carrierError(reply, 400, 22150, "The port in request can no longer be canceled");
    return reply.code(204).send();
  });

  const numberPath = "/v1/Porting/PortIn/:PortInRequestSid/PhoneNumber/:PhoneNumberSid";
  app.get(numberPath, { onRequest: authenticate }, async (request, reply) => {
    const { PortInRequestSid, PhoneNumberSid } = request.params as Record<string, string>;
    const found = sim.porting.request(PortInRequestSid ?? "");
    const number = found?.numbers.find((n) => n.sid === PhoneNumberSid);
    return found && number ? portInNumberResource(sim, found, number) : notFound(request, reply);
  });

  app.delete(numberPath, { onRequest: authenticate }, async (request, reply) => {
    const { PortInRequestSid, PhoneNumberSid } = request.params as Record<string, string>;
    const outcome = await sim.porting.cancelNumber(PortInRequestSid ?? "", PhoneNumberSid ?? "");
    if (outcome === "not-found") return notFound(request, reply);
    if (outcome === "settled")
      return carrierError(reply, 400, 22150, "The phone number can no longer be canceled");
    return reply.code(204).send();
  });
}

interface PortInBody {
  account_sid: string;
  documents: string[];
  phone_numbers: { phone_number: string; pin?: string }[];
  losing_carrier_information: Record<string, unknown>;
  notification_emails?: string[] | null;
  target_port_in_date?: string | null;
}

/** The account's porting webhook configuration: where the carrier posts port-in events. */
async function webhookConfigurationRoutes(app: FastifyInstance, options: PortingOptions) {
  const { sim, authenticate, validBody } = options;
  const configuration = () => ({
    url: `${NUMBERS_HOST}/v1/Porting/Configuration/Webhook`,
    port_in_target_url: sim.porting.webhook?.portInTargetUrl ?? null,
    port_out_target_url: null,
    notifications_of: sim.porting.webhook?.notificationsOf ?? [],
  });

  app.post("/v1/Porting/Configuration/Webhook", { onRequest: authenticate }, async (request, reply) => {
    const body = validBody("createPortingWebhookConfiguration", request, reply) as Record<
      string,
      unknown
    > | null;
    if (!body) return reply;
    const target = body.port_in_target_url;
    if (typeof target !== "string" || !URL.canParse(target))
      return carrierError(reply, 400, 20001, "Invalid parameter port_in_target_url");
    const events = Array.isArray(body.notifications_of) ? body.notifications_of.map(String) : [];
    sim.porting.webhook = { portInTargetUrl: target, notificationsOf: events, dateCreated: sim.now() };
    return reply.code(201).send(configuration());
  });

  app.get("/v1/Porting/Configuration/Webhook", { onRequest: authenticate }, async () => {
    const created = sim.porting.webhook?.dateCreated;
    return {
      ...configuration(),
      port_in_target_date_created: created ? isoSeconds(created) : null,
      port_out_target_date_created: null,
    };
  });
}
