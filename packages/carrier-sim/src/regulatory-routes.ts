/**
 * The carrier's regulatory compliance paths (numbers.twilio.com, numbers_v2): regulations, end
 * users, supporting documents, bundles, their item assignments and evaluations. Served under
 * `/numbers`, validated against the description like the API's paths.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SIM_REGULATIONS, type SimRegulation } from "./countries";
import type { NumberRoutesOptions } from "./number-routes";
import {
  END_USER_FIELDS,
  type EvaluationResult,
  type SimBundle,
  type SimDocument,
  type SimEndUser,
} from "./regulatory";
import { carrierError, type FormBody } from "./rest";
import { newSid } from "./sids";
import type { CarrierSim } from "./sim";

const BASE = "https://numbers.twilio.com/v2/RegulatoryCompliance";
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
const text = (body: FormBody, name: string) =>
  typeof body[name] === "string" ? (body[name] as string) : undefined;

/** The carrier's `Attributes`: a JSON object (the official client sends it serialised). */
function attributesOf(body: FormBody): Record<string, unknown> | null {
  const raw = body.Attributes as unknown;
  if (raw === undefined) return {};
  if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) return raw as Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(String(raw));
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function page<T>(items: T[], path: string, pageSize = 50) {
  const url = `${BASE}/${path}?PageSize=${pageSize}&Page=0`;
  return {
    results: items,
    meta: {
      page: 0,
      page_size: pageSize,
      first_page_url: url,
      previous_page_url: null,
      url,
      next_page_url: null,
      key: "results",
    },
  };
}

export function regulationResource(regulation: SimRegulation) {
  const { requirement, endUserType } = regulation;
  const documents = [];
  if (requirement.address)
    documents.push([
      {
        name: "Address",
        type: "document",
        requirement_name: "proof_of_address",
        description: `A physical address in ${regulation.country}; a PO Box is not acceptable.`,
        accepted_documents: [
          {
            name: "Address Validation",
            type: "address",
            url: `${BASE}/DocumentTypes/address`,
            fields: ["address_sids"],
            detailed_fields: [
              { machine_name: "address_sids", friendly_name: "Address sid(s)", description: "The address" },
            ],
          },
        ],
      },
    ]);
  if (requirement.identity)
    documents.push([
      {
        name: "Identity",
        type: "document",
        requirement_name: "proof_of_identity",
        description:
          endUserType === "business"
            ? "The business's registration."
            : "A government-issued identity document.",
        accepted_documents: (endUserType === "business"
          ? [["business_registration", "Business Registration"]]
          : [
              ["passport", "Passport"],
              ["government_issued_document", "Government-issued ID"],
            ]
        ).map(([type, name]) => ({
          name,
          type,
          url: `${BASE}/DocumentTypes/${type}`,
          fields: [],
          detailed_fields: [],
        })),
      },
    ]);
  const fields = END_USER_FIELDS[endUserType];
  return {
    sid: regulation.sid,
    friendly_name: `${regulation.country}: ${regulation.numberType} - ${endUserType}`,
    iso_country: regulation.isoCountry,
    number_type: regulation.numberType,
    end_user_type: endUserType,
    requirements: {
      end_user: [
        {
          name: endUserType === "business" ? "Business" : "Individual",
          type: endUserType,
          requirement_name: `${endUserType}_info`,
          url: `${BASE}/Regulations/${endUserType}`,
          fields: fields.map((f) => f.machine_name),
          detailed_fields: fields.map((f) => ({ ...f, description: f.friendly_name })),
        },
      ],
      supporting_document: documents,
    },
    url: `${BASE}/Regulations/${regulation.sid}`,
  };
}

const endUserResource = (accountSid: string, user: SimEndUser) => ({
  sid: user.sid,
  account_sid: accountSid,
  friendly_name: user.friendlyName,
  type: user.type,
  attributes: user.attributes,
  date_created: iso(user.dateCreated),
  date_updated: iso(user.dateUpdated),
  url: `${BASE}/EndUsers/${user.sid}`,
});

const documentResource = (accountSid: string, document: SimDocument) => ({
  sid: document.sid,
  account_sid: accountSid,
  friendly_name: document.friendlyName,
  mime_type: null,
  status: "draft",
  failure_reason: null,
  errors: null,
  type: document.type,
  attributes: document.attributes,
  date_created: iso(document.dateCreated),
  date_updated: iso(document.dateUpdated),
  url: `${BASE}/SupportingDocuments/${document.sid}`,
});

export function bundleResource(sim: CarrierSim, bundle: SimBundle) {
  const url = `${BASE}/Bundles/${bundle.sid}`;
  return {
    sid: bundle.sid,
    account_sid: sim.accountSid,
    regulation_sid: sim.regulatory.regulationOf(bundle)?.sid ?? null,
    friendly_name: bundle.friendlyName,
    status: sim.bundleStatus(bundle),
    valid_until: null,
    email: bundle.email,
    status_callback: bundle.statusCallback,
    date_created: iso(bundle.dateCreated),
    date_updated: iso(bundle.dateUpdated),
    url,
    links: {
      evaluations: `${url}/Evaluations`,
      item_assignments: `${url}/ItemAssignments`,
      bundle_copies: `${url}/Copies`,
    },
  };
}

const itemResource = (accountSid: string, bundle: SimBundle, item: SimBundle["items"][number]) => ({
  sid: item.sid,
  bundle_sid: bundle.sid,
  account_sid: accountSid,
  object_sid: item.objectSid,
  date_created: iso(item.dateCreated),
  url: `${BASE}/Bundles/${bundle.sid}/ItemAssignments/${item.sid}`,
});

function evaluationResource(sim: CarrierSim, bundle: SimBundle, results: EvaluationResult[]) {
  const sid = newSid("EL");
  return {
    sid,
    account_sid: sim.accountSid,
    regulation_sid: sim.regulatory.regulationOf(bundle)?.sid ?? null,
    bundle_sid: bundle.sid,
    status: results.every((r) => r.passed) ? "compliant" : "noncompliant",
    results: results.map((r) => ({ ...r, friendly_name: r.requirement_name, valid: [], invalid: [] })),
    date_created: iso(sim.now()),
    url: `${BASE}/Bundles/${bundle.sid}/Evaluations/${sid}`,
  };
}

export async function regulatoryRoutes(app: FastifyInstance, options: NumberRoutesOptions) {
  const { sim, authenticate, validQuery, validBody } = options;
  const store = sim.regulatory;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    carrierError(reply, 404, 20404, `The requested resource ${request.url} was not found`);
  const bundleOf = (request: FastifyRequest) => {
    const { Sid, BundleSid } = request.params as { Sid?: string; BundleSid?: string };
    return store.bundles.get(Sid ?? BundleSid ?? "");
  };
  const addressExists = (sid: string) => sim.inventory.address(sid) !== undefined;
  app.addHook("onRequest", authenticate);

  app.get("/v2/RegulatoryCompliance/Regulations", async (request, reply) => {
    const query = validQuery("listRegulation", request, reply);
    if (!query) return reply;
    const found = SIM_REGULATIONS.filter(
      (r) =>
        (!query.IsoCountry || r.isoCountry === query.IsoCountry.toUpperCase()) &&
        (!query.NumberType || r.numberType === query.NumberType) &&
        (!query.EndUserType || r.endUserType === query.EndUserType),
    );
    return page(found.map(regulationResource), "Regulations");
  });

  app.get("/v2/RegulatoryCompliance/Regulations/:Sid", async (request, reply) => {
    if (!validQuery("fetchRegulation", request, reply)) return reply;
    const regulation = store.regulation((request.params as { Sid: string }).Sid);
    return regulation ? regulationResource(regulation) : notFound(request, reply);
  });

  app.post("/v2/RegulatoryCompliance/EndUsers", async (request, reply) => {
    const body = validBody("createEndUser", request, reply);
    if (!body) return reply;
    const attributes = attributesOf(body);
    if (!attributes)
      return carrierError(reply, 400, 20001, "Invalid parameter Attributes: not a JSON object");
    const type = text(body, "Type") === "business" ? "business" : "individual";
    const user = store.createEndUser(
      { friendlyName: text(body, "FriendlyName") ?? "", type, attributes },
      sim.now(),
    );
    return reply.code(201).send(endUserResource(sim.accountSid, user));
  });

  app.get("/v2/RegulatoryCompliance/EndUsers/:Sid", async (request, reply) => {
    const user = store.endUsers.get((request.params as { Sid: string }).Sid);
    return user ? endUserResource(sim.accountSid, user) : notFound(request, reply);
  });

  app.post("/v2/RegulatoryCompliance/SupportingDocuments", async (request, reply) => {
    const body = validBody("createSupportingDocument", request, reply);
    if (!body) return reply;
    const attributes = attributesOf(body);
    if (!attributes)
      return carrierError(reply, 400, 20001, "Invalid parameter Attributes: not a JSON object");
    const document = store.createDocument(
      { friendlyName: text(body, "FriendlyName") ?? "", type: text(body, "Type") ?? "", attributes },
      sim.now(),
    );
    return reply.code(201).send(documentResource(sim.accountSid, document));
  });

  app.get("/v2/RegulatoryCompliance/SupportingDocuments/:Sid", async (request, reply) => {
    const document = store.documents.get((request.params as { Sid: string }).Sid);
    return document ? documentResource(sim.accountSid, document) : notFound(request, reply);
  });

  app.post("/v2/RegulatoryCompliance/Bundles", async (request, reply) => {
    const body = validBody("createBundle", request, reply);
    if (!body) return reply;
    const regulationSid = text(body, "RegulationSid") ?? null;
    if (regulationSid && !store.regulation(regulationSid))
      return carrierError(reply, 400, 22201, `Regulation ${regulationSid} was not found`);
    const endUserType = text(body, "EndUserType");
    const bundle = store.createBundle(
      {
        friendlyName: text(body, "FriendlyName") ?? "",
        email: text(body, "Email") ?? "",
        statusCallback: text(body, "StatusCallback") ?? null,
        regulationSid,
        isoCountry: text(body, "IsoCountry")?.toUpperCase() ?? null,
        numberType: text(body, "NumberType") ?? null,
        endUserType: endUserType === "business" || endUserType === "individual" ? endUserType : null,
      },
      sim.now(),
    );
    return reply.code(201).send(bundleResource(sim, bundle));
  });

  app.get("/v2/RegulatoryCompliance/Bundles/:Sid", async (request, reply) => {
    const bundle = bundleOf(request);
    return bundle ? bundleResource(sim, bundle) : notFound(request, reply);
  });

  app.post("/v2/RegulatoryCompliance/Bundles/:Sid", async (request, reply) => {
    const bundle = bundleOf(request);
    if (!bundle) return notFound(request, reply);
    const body = validBody("updateBundle", request, reply);
    if (!body) return reply;
    const status = text(body, "Status");
    if (status && status !== "pending-review")
      return carrierError(
        reply,
        400,
        22210,
        `A bundle can only be submitted (pending-review), not set to ${status}`,
      );
    if (status && sim.bundleStatus(bundle) !== "draft")
      return carrierError(reply, 400, 22210, "Only a draft bundle can be submitted");
    if (status && !store.compliant(bundle, addressExists))
      return carrierError(reply, 400, 22211, "The bundle does not meet its regulation's requirements");
    if (status) bundle.submittedAt = sim.now();
    bundle.friendlyName = text(body, "FriendlyName") ?? bundle.friendlyName;
    bundle.email = text(body, "Email") ?? bundle.email;
    bundle.dateUpdated = sim.now();
    return bundleResource(sim, bundle);
  });

  app.post("/v2/RegulatoryCompliance/Bundles/:BundleSid/ItemAssignments", async (request, reply) => {
    const bundle = bundleOf(request);
    if (!bundle) return notFound(request, reply);
    const body = validBody("createItemAssignment", request, reply);
    if (!body) return reply;
    const objectSid = text(body, "ObjectSid") ?? "";
    if (!store.endUsers.has(objectSid) && !store.documents.has(objectSid))
      return carrierError(reply, 400, 22202, `Object ${objectSid} was not found`);
    const item = store.assign(bundle, objectSid, sim.now());
    return reply.code(201).send(itemResource(sim.accountSid, bundle, item));
  });

  app.get("/v2/RegulatoryCompliance/Bundles/:BundleSid/ItemAssignments", async (request, reply) => {
    const bundle = bundleOf(request);
    if (!bundle) return notFound(request, reply);
    if (!validQuery("listItemAssignment", request, reply)) return reply;
    const items = bundle.items.map((item) => itemResource(sim.accountSid, bundle, item));
    return page(items, `Bundles/${bundle.sid}/ItemAssignments`);
  });

  app.post("/v2/RegulatoryCompliance/Bundles/:BundleSid/Evaluations", async (request, reply) => {
    const bundle = bundleOf(request);
    if (!bundle) return notFound(request, reply);
    return reply.code(201).send(evaluationResource(sim, bundle, store.evaluate(bundle, addressExists)));
  });
}
