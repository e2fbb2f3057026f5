/**
 * The carrier's number paths: search numbers for sale (AvailablePhoneNumbers Local / TollFree),
 * buy, change and release them (IncomingPhoneNumbers), and register emergency addresses
 * (Addresses), validated against the carrier's OpenAPI description like the other REST paths.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { offerOf, SIM_COUNTRIES } from "./countries";
import {
  type AvailableNumber,
  addressProblem,
  type IncomingNumber,
  type NumberInventory,
  type NumberSearch,
  type SimAddress,
} from "./numbers";
import type { OperationId } from "./openapi";
import { formatNational, toE164 } from "./phone";
import { onePage } from "./resources";
import { carrierError, type FormBody, sidOf } from "./rest";
import type { HttpMethod } from "./signing";
import type { CarrierSim } from "./sim";
import { rfc2822 } from "./time";

export interface NumberRoutesOptions {
  sim: CarrierSim;
  validQuery: (
    operation: OperationId,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Record<string, string> | null;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  validBody: (operation: OperationId, request: FastifyRequest, reply: FastifyReply) => FormBody | null;
}

type SearchKind = "Local" | "Mobile" | "TollFree";

/** The searches by type: the operation that validates each, and the inventory's answer. */
const SEARCHES: Record<
  SearchKind,
  {
    operation: OperationId;
    find: (inventory: NumberInventory, search: NumberSearch) => Promise<AvailableNumber[]>;
  }
> = {
  Local: { operation: "listAvailableLocal", find: (inventory, search) => inventory.availableLocal(search) },
  Mobile: {
    operation: "listAvailableMobile",
    find: (inventory, search) => inventory.availableMobile(search),
  },
  TollFree: {
    operation: "listAvailableTollFree",
    find: (inventory, search) => inventory.availableTollFree(search),
  },
};

/** The countries the sim sells numbers in (NANP's two, then countries.ts), as the carrier lists them. */
function countriesOnSale(accountPath: string) {
  const nanp = [
    { isoCountry: "US", country: "United States", beta: false, types: ["local", "toll-free"] },
    { isoCountry: "CA", country: "Canada", beta: false, types: ["local", "toll-free"] },
  ];
  const abroad = SIM_COUNTRIES.map((c) => ({ ...c, types: Object.keys(c.types) }));
  return [...nanp, ...abroad].map((c) => {
    const base = `${accountPath}/AvailablePhoneNumbers/${c.isoCountry}`;
    const subresources: Record<string, string> = {};
    if (c.types.includes("local")) subresources.local = `${base}/Local.json`;
    if (c.types.includes("mobile")) subresources.mobile = `${base}/Mobile.json`;
    if (c.types.includes("toll-free")) subresources.toll_free = `${base}/TollFree.json`;
    return {
      country_code: c.isoCountry,
      country: c.country,
      uri: `${base}.json`,
      beta: c.beta,
      subresource_uris: subresources,
    };
  });
}

/** Most numbers one search answers with, whatever PageSize asks. */
const MAX_PAGE = 50;

const method = (value: string | undefined): HttpMethod => (value?.toUpperCase() === "GET" ? "GET" : "POST");

function availableResource(number: AvailableNumber) {
  return {
    friendly_name: formatNational(number.phoneNumber),
    phone_number: number.phoneNumber,
    lata: null,
    locality: null,
    rate_center: null,
    latitude: null,
    longitude: null,
    region: number.region || null,
    postal_code: null,
    iso_country: number.isoCountry,
    address_requirements: "none",
    beta: false,
    capabilities: { voice: true, SMS: true, MMS: true, fax: false },
  };
}

export function incomingNumberResource(accountPath: string, accountSid: string, number: IncomingNumber) {
  return {
    account_sid: accountSid,
    address_sid: number.addressSid ?? null,
    address_requirements: "none",
    api_version: "2010-04-01",
    beta: false,
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    date_created: rfc2822(number.dateCreated),
    date_updated: rfc2822(number.dateUpdated),
    friendly_name: number.friendlyName,
    identity_sid: null,
    phone_number: number.phoneNumber,
    origin: "twilio",
    sid: number.sid,
    sms_application_sid: null,
    sms_fallback_method: "POST",
    sms_fallback_url: null,
    sms_method: number.smsMethod,
    sms_url: number.smsUrl || null,
    status_callback: number.statusCallback || null,
    status_callback_method: number.statusCallbackMethod,
    trunk_sid: null,
    uri: `${accountPath}/IncomingPhoneNumbers/${number.sid}.json`,
    voice_receive_mode: "voice",
    voice_application_sid: null,
    voice_caller_id_lookup: false,
    voice_fallback_method: "POST",
    voice_fallback_url: null,
    voice_method: number.voiceMethod,
    voice_url: number.voiceUrl || null,
    emergency_status: number.emergencyStatus,
    emergency_address_sid: number.emergencyAddressSid,
    emergency_address_status: number.emergencyAddressSid ? "registered" : "unregistered",
    bundle_sid: number.bundleSid ?? null,
    status: "in-use",
    type: number.kind === "toll-free" ? "tollfree" : number.kind,
  };
}

export function addressResource(accountPath: string, accountSid: string, address: SimAddress) {
  return {
    account_sid: accountSid,
    city: address.city,
    customer_name: address.customerName,
    date_created: rfc2822(address.dateCreated),
    date_updated: rfc2822(address.dateUpdated),
    friendly_name: address.friendlyName || null,
    iso_country: address.isoCountry,
    postal_code: address.postalCode,
    region: address.region,
    sid: address.sid,
    street: address.street,
    uri: `${accountPath}/Addresses/${address.sid}.json`,
    emergency_enabled: address.emergencyEnabled,
    validated: address.validated,
    verified: address.validated,
    street_secondary: address.streetSecondary,
  };
}

/**
 * Why the carrier refuses to sell a number abroad with this request: its regulation asks for an
 * approved bundle of the same country, type (and an address in the country); null when it may.
 */
function refusalAbroad(
  sim: CarrierSim,
  e164: string,
  body: FormBody,
): { code: number; message: string } | null {
  const offer = offerOf(e164);
  const requirement = offer?.country.types[offer.type]?.requirement;
  if (!offer || !requirement) return null;
  const where = `${offer.country.country} (${offer.type})`;
  const bundle = sim.regulatory.bundles.get(String(body.BundleSid ?? ""));
  if (!bundle) return { code: 21649, message: `A regulatory bundle is required for numbers in ${where}.` };
  const regulation = sim.regulatory.regulationOf(bundle);
  if (regulation?.isoCountry !== offer.country.isoCountry || regulation.numberType !== offer.type)
    return { code: 21649, message: `Bundle ${bundle.sid} is not for numbers in ${where}.` };
  if (sim.bundleStatus(bundle) !== "twilio-approved")
    return { code: 21650, message: `Bundle ${bundle.sid} is not approved yet.` };
  const address = sim.inventory.address(String(body.AddressSid ?? ""));
  if (requirement.address && address?.isoCountry !== offer.country.isoCountry)
    return { code: 21615, message: `An address in ${offer.country.country} is required (AddressSid).` };
  return null;
}

export async function numberRoutes(app: FastifyInstance, options: NumberRoutesOptions) {
  const { sim, validQuery, authenticate, validBody } = options;
  const { inventory } = sim;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
  const text = (body: FormBody, name: string) =>
    typeof body[name] === "string" ? (body[name] as string) : undefined;

  const search = (kind: SearchKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = validQuery(SEARCHES[kind].operation, request, reply);
    if (!query) return reply;
    const { CountryCode } = request.params as { CountryCode: string };
    const pageSize = Math.min(Number(query.PageSize ?? 20) || 20, MAX_PAGE);
    const criteria: NumberSearch = {
      isoCountry: CountryCode.toUpperCase(),
      areaCode: query.AreaCode,
      inRegion: query.InRegion,
      contains: query.Contains,
      limit: pageSize,
    };
    const found = await SEARCHES[kind].find(inventory, criteria);
    const uri = `${sim.publicBaseUrl}${sim.accountPath}/AvailablePhoneNumbers/${CountryCode}/${kind}.json`;
    return onePage("available_phone_numbers", found.map(availableResource), uri, pageSize);
  };
  for (const kind of Object.keys(SEARCHES) as SearchKind[])
    app.get(`/2010-04-01/Accounts/:AccountSid/AvailablePhoneNumbers/:CountryCode/${kind}.json`, {
      onRequest: authenticate,
      handler: search(kind),
    });
  app.get("/2010-04-01/Accounts/:AccountSid/AvailablePhoneNumbers.json", {
    onRequest: authenticate,
    handler: async (request, reply) => {
      if (!validQuery("listAvailableCountry", request, reply)) return reply;
      return {
        countries: countriesOnSale(sim.accountPath),
        uri: `${sim.accountPath}/AvailablePhoneNumbers.json`,
      };
    },
  });

  app.post(
    "/2010-04-01/Accounts/:AccountSid/IncomingPhoneNumbers.json",
    { onRequest: authenticate },
    async (request, reply) => {
      const body = validBody("createIncomingPhoneNumber", request, reply);
      if (!body) return reply;
      const requested = text(body, "PhoneNumber");
      const areaCode = text(body, "AreaCode");
      let number: AvailableNumber | null = null;
      if (requested) {
        number = await inventory.isAvailable(toE164(requested));
        if (!number) return carrierError(reply, 400, 21422, `PhoneNumber ${requested} is not available.`);
      } else if (areaCode) {
        [number = null] = await inventory.availableLocal({ isoCountry: "US", areaCode, limit: 1 });
        if (!number)
          return carrierError(reply, 400, 21452, `No phone numbers found in area code ${areaCode}.`);
      } else {
        return carrierError(reply, 400, 21421, "A PhoneNumber or an AreaCode is required.");
      }
      const regulatoryRefusal = refusalAbroad(sim, number.phoneNumber, body);
      if (regulatoryRefusal)
        return carrierError(reply, 400, regulatoryRefusal.code, regulatoryRefusal.message);
      const emergencyAddressSid = text(body, "EmergencyAddressSid") || null;
      if (emergencyAddressSid && !inventory.address(emergencyAddressSid)?.emergencyEnabled)
        return carrierError(
          reply,
          400,
          21631,
          `Address ${emergencyAddressSid} is not enabled for emergency calling.`,
        );
      const bought = inventory.buy(
        number,
        {
          friendlyName: text(body, "FriendlyName") ?? formatNational(number.phoneNumber),
          voiceUrl: text(body, "VoiceUrl") ?? "",
          voiceMethod: method(text(body, "VoiceMethod")),
          statusCallback: text(body, "StatusCallback") ?? "",
          statusCallbackMethod: method(text(body, "StatusCallbackMethod")),
          smsUrl: text(body, "SmsUrl") ?? "",
          smsMethod: method(text(body, "SmsMethod")),
          emergencyAddressSid,
          emergencyStatus: emergencyAddressSid ? "Active" : "Inactive",
          bundleSid: text(body, "BundleSid") || null,
          addressSid: text(body, "AddressSid") || null,
        },
        sim.now(),
      );
      return reply.code(201).send(incomingNumberResource(sim.accountPath, sim.accountSid, bought));
    },
  );

  // The account's numbers, by number: how a ported number is found once it lands in the account.
  app.get(
    "/2010-04-01/Accounts/:AccountSid/IncomingPhoneNumbers.json",
    { onRequest: authenticate },
    async (request, reply) => {
      const query = validQuery("listIncomingPhoneNumber", request, reply);
      if (!query) return reply;
      const wanted = query.PhoneNumber ? toE164(query.PhoneNumber) : null;
      const found = inventory
        .all()
        .filter((number) => wanted === null || number.phoneNumber === wanted)
        .map((number) => incomingNumberResource(sim.accountPath, sim.accountSid, number));
      const url = `${sim.publicBaseUrl}${sim.accountPath}/IncomingPhoneNumbers.json`;
      return onePage("incoming_phone_numbers", found, url, Number(query.PageSize ?? 50) || 50);
    },
  );

  const boughtOf = (request: FastifyRequest) => {
    const { file } = request.params as { file: string };
    const found = sidOf(file, /^PN/, ["json"]);
    return found ? inventory.number(found.sid) : undefined;
  };

  app.get(
    "/2010-04-01/Accounts/:AccountSid/IncomingPhoneNumbers/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const number = boughtOf(request);
      if (!number) return notFound(request, reply);
      return incomingNumberResource(sim.accountPath, sim.accountSid, number);
    },
  );

  app.post(
    "/2010-04-01/Accounts/:AccountSid/IncomingPhoneNumbers/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const number = boughtOf(request);
      if (!number) return notFound(request, reply);
      const body = validBody("updateIncomingPhoneNumber", request, reply);
      if (!body) return reply;
      const changes: Partial<IncomingNumber> = {};
      const set = <K extends keyof IncomingNumber>(key: K, value: IncomingNumber[K] | undefined) => {
        if (value !== undefined) changes[key] = value;
      };
      set("friendlyName", text(body, "FriendlyName"));
      set("voiceUrl", text(body, "VoiceUrl"));
      set("statusCallback", text(body, "StatusCallback"));
      set("smsUrl", text(body, "SmsUrl"));
      if (text(body, "VoiceMethod")) set("voiceMethod", method(text(body, "VoiceMethod")));
      if (text(body, "SmsMethod")) set("smsMethod", method(text(body, "SmsMethod")));
      const addressSid = text(body, "EmergencyAddressSid");
      if (addressSid !== undefined) {
        // An empty EmergencyAddressSid unlinks the address.
        if (addressSid && !inventory.address(addressSid)?.emergencyEnabled)
          return carrierError(
            reply,
            400,
            21631,
            `Address ${addressSid} is not enabled for emergency calling.`,
          );
        changes.emergencyAddressSid = addressSid || null;
        changes.emergencyStatus = addressSid ? "Active" : "Inactive";
      }
      const updated = inventory.update(number.sid, changes, sim.now());
      if (!updated) return notFound(request, reply);
      return incomingNumberResource(sim.accountPath, sim.accountSid, updated);
    },
  );

  app.delete(
    "/2010-04-01/Accounts/:AccountSid/IncomingPhoneNumbers/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const number = boughtOf(request);
      if (!number || !inventory.release(number.sid)) return notFound(request, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    "/2010-04-01/Accounts/:AccountSid/Addresses.json",
    { onRequest: authenticate },
    async (request, reply) => {
      const body = validBody("createAddress", request, reply);
      if (!body) return reply;
      const fields = {
        customerName: text(body, "CustomerName") ?? "",
        street: text(body, "Street") ?? "",
        city: text(body, "City") ?? "",
        region: (text(body, "Region") ?? "").toUpperCase(),
        postalCode: (text(body, "PostalCode") ?? "").trim().toUpperCase(),
        isoCountry: text(body, "IsoCountry") ?? "",
      };
      const problem = addressProblem(fields);
      const emergencyEnabled = (body.EmergencyEnabled as unknown) === true;
      // An address for emergency calls must be one the carrier can validate.
      if (problem && emergencyEnabled)
        return carrierError(reply, 400, 21629, `Address not validated: ${problem}`);
      const address = inventory.createAddress(
        {
          ...fields,
          friendlyName: text(body, "FriendlyName") ?? "",
          streetSecondary: text(body, "StreetSecondary") ?? null,
          emergencyEnabled,
          validated: problem === null,
        },
        sim.now(),
      );
      return reply.code(201).send(addressResource(sim.accountPath, sim.accountSid, address));
    },
  );

  const addressOf = (request: FastifyRequest) => {
    const { file } = request.params as { file: string };
    const found = sidOf(file, /^AD/, ["json"]);
    return found ? inventory.address(found.sid) : undefined;
  };

  app.get(
    "/2010-04-01/Accounts/:AccountSid/Addresses/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const address = addressOf(request);
      if (!address) return notFound(request, reply);
      return addressResource(sim.accountPath, sim.accountSid, address);
    },
  );

  app.delete(
    "/2010-04-01/Accounts/:AccountSid/Addresses/:file",
    { onRequest: authenticate },
    async (request, reply) => {
      const address = addressOf(request);
      if (!address) return notFound(request, reply);
      if (inventory.addressInUse(address.sid))
        return carrierError(reply, 400, 21625, "Address is in use by a phone number and cannot be deleted.");
      inventory.deleteAddress(address.sid);
      return reply.code(204).send();
    },
  );
}
