import type { NumbersV1PortingPortInCreate } from "twilio/lib/rest/numbers/v1/portingPortIn";
import { type CarrierClientOptions, CarrierError, carrierRest } from "./client";

/** What the carrier says of bringing one number in. */
export interface Portability {
  e164: string;
  portable: boolean;
  /** The carrier's reason when not (ALREADY_IN_THE_TARGET_ACCOUNT, MANUAL_PORTING_AVAILABLE…). */
  reason: string | null;
  numberType: string | null;
}

export interface PortInSubmission {
  numbers: string[];
  customerName: string;
  customerType: "Business" | "Individual";
  accountNumber: string;
  authorizedName: string;
  authorizedEmail: string;
  address: {
    street: string;
    street2?: string | undefined;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
  targetDate: string;
  notificationEmails: string[];
}

export interface SubmittedPortIn {
  sid: string;
  status: string;
  numbers: { e164: string; sid: string; status: string }[];
}

export interface PortedNumberUrls {
  voiceUrl: string;
  statusCallback: string;
  smsUrl: string;
}

/** Port-in requests at the carrier (numbers.twilio.com/v1/Porting), through the official package. */
export interface PortingCarrier {
  portability(e164: string): Promise<Portability>;
  submit(input: PortInSubmission): Promise<SubmittedPortIn>;
  /** Cancels the request; one the carrier no longer has counts as canceled. */
  cancel(sid: string): Promise<void>;
  /** Where the carrier posts port-in events, and which. */
  configureWebhook(url: string, events: readonly string[]): Promise<void>;
  /** A ported number, now the account's, pointed at our webhooks: its sid (PN…). */
  configurePorted(e164: string, urls: PortedNumberUrls): Promise<{ sid: string }>;
}

async function carrierCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const rest = err as { status?: number; code?: number; message?: string };
    if (typeof rest.status === "number")
      throw new CarrierError(rest.message ?? "carrier error", rest.status, rest.code ?? null);
    throw err;
  }
}

/**
 * The carrier's request body in its own (snake_case) names: the package sends a JSON body's
 * params as they are, so the names must be the description's.
 */
function portInBody(accountSid: string, input: PortInSubmission) {
  const { address } = input;
  return {
    account_sid: accountSid,
    documents: [],
    phone_numbers: input.numbers.map((phone_number) => ({ phone_number })),
    losing_carrier_information: {
      customer_name: input.customerName,
      customer_type: input.customerType,
      account_number: input.accountNumber,
      authorized_representative: input.authorizedName,
      authorized_representative_email: input.authorizedEmail,
      address: {
        street: address.street,
        ...(address.street2 ? { street_2: address.street2 } : {}),
        city: address.city,
        state: address.state,
        zip: address.zip,
        country: address.country,
      },
    },
    target_port_in_date: input.targetDate,
    notification_emails: input.notificationEmails,
  } as unknown as NumbersV1PortingPortInCreate;
}

export function createPortingCarrier(options: CarrierClientOptions): PortingCarrier {
  const rest = carrierRest(options);
  const accountSid = options.carrier.accountSid;

  return {
    portability: (e164) =>
      carrierCall(async () => {
        const found = await rest.numbers.v1.portingPortabilities(e164).fetch();
        return {
          e164,
          portable: found.portable === true,
          reason: found.notPortableReason ?? null,
          numberType: found.numberType ?? null,
        };
      }),
    submit: (input) =>
      carrierCall(async () => {
        const created = await rest.numbers.v1.portingPortIns.create(portInBody(accountSid, input));
        return {
          sid: created.portInRequestSid,
          status: created.portInRequestStatus,
          numbers: (created.phoneNumbers ?? []).map((n) => ({
            e164: n.phoneNumber ?? "",
            sid: n.portInPhoneNumberSid ?? "",
            status: n.portInPhoneNumberStatus ?? "",
          })),
        };
      }),
    cancel: (sid) =>
      carrierCall(async () => {
        try {
          await rest.numbers.v1.portingPortIns(sid).remove();
        } catch (err) {
          if ((err as { status?: number }).status !== 404) throw err;
        }
      }),
    configureWebhook: (url, events) =>
      carrierCall(async () => {
        await rest.numbers.v1.portingWebhookConfigurations.create({
          port_in_target_url: url,
          notifications_of: [...events],
        });
      }),
    configurePorted: (e164, urls) =>
      carrierCall(async () => {
        const [found] = await rest.incomingPhoneNumbers.list({ phoneNumber: e164, limit: 1 });
        if (!found) throw new CarrierError(`${e164} is not in the account yet`, 404, 20404);
        await rest.incomingPhoneNumbers(found.sid).update({
          voiceUrl: urls.voiceUrl,
          voiceMethod: "POST",
          statusCallback: urls.statusCallback,
          statusCallbackMethod: "POST",
          smsUrl: urls.smsUrl,
          smsMethod: "POST",
        });
        return { sid: found.sid };
      }),
  };
}
