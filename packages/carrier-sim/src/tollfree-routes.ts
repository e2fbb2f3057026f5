/**
 * The carrier's toll-free verification paths (messaging.twilio.com, messaging_v1), served under
 * `/messaging` and validated against the description like the API's paths.
 */
import type { FastifyInstance } from "fastify";
import type { NumberRoutesOptions } from "./number-routes";
import { carrierError } from "./rest";
import type { CarrierSim } from "./sim";
import type { TollfreeVerification } from "./tollfree-verifications";

const BASE = "https://messaging.twilio.com/v1/Tollfree/Verifications";
const SID = /^HH[0-9a-fA-F]{32}$/;

/** `BusinessStreetAddress2` → `business_street_address2`: the carrier's answer names the request's fields so. */
const snakeCase = (name: string) => name.replace(/(?<!^)([A-Z])/g, "_$1").toLowerCase();

/** A verification as the carrier answers it. */
export function tollfreeVerificationResource(sim: CarrierSim, verification: TollfreeVerification) {
  const registry = sim.tollfreeVerifications;
  const submitted = Object.fromEntries(
    Object.entries(verification.submission)
      .filter(([name]) => name !== "EditReason")
      .map(([name, value]) => [snakeCase(name), value]),
  );
  const decision = verification.decision;
  const rejected = decision?.status === "TWILIO_REJECTED";
  return {
    customer_profile_sid: null,
    trust_product_sid: null,
    regulated_item_sid: null,
    external_reference_id: null,
    ...submitted,
    sid: verification.sid,
    account_sid: sim.accountSid,
    tollfree_phone_number: verification.phoneNumber,
    status: registry.statusOf(verification),
    rejection_reason: rejected ? decision.reason : null,
    rejection_reasons: rejected ? [{ code: decision.errorCode, reason: decision.reason }] : null,
    error_code: rejected ? decision.errorCode : null,
    edit_allowed: registry.editAllowed(verification),
    edit_expiration: registry.editExpiration(verification)?.toISOString() ?? null,
    date_created: verification.dateCreated.toISOString(),
    date_updated: verification.dateUpdated.toISOString(),
    resource_links: null,
    url: `${BASE}/${verification.sid}`,
  };
}

export async function tollfreeRoutes(
  app: FastifyInstance,
  options: Omit<NumberRoutesOptions, "sim"> & { sim: CarrierSim },
) {
  const { sim, authenticate, validBody, validQuery } = options;
  const registry = sim.tollfreeVerifications;
  const found = (sid: string) => (SID.test(sid) ? registry.get(sid) : undefined);
  const notFound = (reply: Parameters<typeof carrierError>[0], url: string) =>
    carrierError(reply, 404, 20404, `The requested resource ${url} was not found`);

  app.post("/v1/Tollfree/Verifications", { onRequest: authenticate }, async (request, reply) => {
    const body = validBody("createTollfreeVerification", request, reply);
    if (!body) return reply;
    const numberSid = String(body.TollfreePhoneNumberSid);
    const number = sim.inventory.number(numberSid);
    if (number?.kind !== "toll-free" || !number)
      return carrierError(
        reply,
        400,
        20001,
        `TollfreePhoneNumberSid ${numberSid} is not a toll-free number of this account`,
      );
    if (registry.ofNumber(numberSid))
      return carrierError(reply, 409, 20409, `A verification already exists for ${number.phoneNumber}`);
    const verification = registry.create({ ...body, TollfreePhoneNumberSid: numberSid }, number.phoneNumber);
    return reply.code(201).send(tollfreeVerificationResource(sim, verification));
  });

  app.get("/v1/Tollfree/Verifications", { onRequest: authenticate }, async (request, reply) => {
    const query = validQuery("listTollfreeVerification", request, reply);
    if (!query) return reply;
    const pageSize = Number(query.PageSize ?? 50);
    const verifications = registry
      .list()
      .filter(
        (v) =>
          !query.TollfreePhoneNumberSid ||
          v.submission.TollfreePhoneNumberSid === query.TollfreePhoneNumberSid,
      )
      .filter((v) => !query.Status || registry.statusOf(v) === query.Status)
      .slice(0, pageSize)
      .map((v) => tollfreeVerificationResource(sim, v));
    const url = `${BASE}?PageSize=${pageSize}&Page=0`;
    return {
      verifications,
      meta: {
        page: 0,
        page_size: pageSize,
        first_page_url: url,
        previous_page_url: null,
        next_page_url: null,
        key: "verifications",
        url,
      },
    };
  });

  app.get("/v1/Tollfree/Verifications/:Sid", { onRequest: authenticate }, async (request, reply) => {
    const verification = found((request.params as { Sid: string }).Sid);
    if (!verification) return notFound(reply, request.url);
    return tollfreeVerificationResource(sim, verification);
  });

  app.post("/v1/Tollfree/Verifications/:Sid", { onRequest: authenticate }, async (request, reply) => {
    const verification = found((request.params as { Sid: string }).Sid);
    if (!verification) return notFound(reply, request.url);
    const body = validBody("updateTollfreeVerification", request, reply);
    if (!body) return reply;
    if (!registry.editAllowed(verification))
      return carrierError(
        reply,
        400,
        20001,
        "Only a rejected verification may be edited, within its edit window",
      );
    registry.resubmit(verification, body);
    return reply.code(202).send(tollfreeVerificationResource(sim, verification));
  });

  app.delete("/v1/Tollfree/Verifications/:Sid", { onRequest: authenticate }, async (request, reply) => {
    const verification = found((request.params as { Sid: string }).Sid);
    if (!verification) return notFound(reply, request.url);
    registry.delete(verification.sid);
    return reply.code(204).send();
  });
}
