/**
 * The carrier's texting registration paths: trust hub customer profiles and A2P trust products
 * with their end users, supporting documents, entity assignments and evaluations (trusthub_v1,
 * under `/trusthub`),
 * and A2P brands, messaging services with their numbers, and campaigns (messaging_v1, under
 * `/messaging`). Validated against the descriptions like the API's paths.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { NumberRoutesOptions } from "./number-routes";
import type { OperationId } from "./openapi";
import {
  type Brand,
  type Campaign,
  type CustomerProfile,
  missingFromProfile,
  missingFromTrustProduct,
  type RegistrationStore,
  type ReviewStage,
  registrationSid,
  registrationsOf,
  reviewStage,
  type TrustObject,
  type TrustProduct,
} from "./registrations";
import { carrierError, type FormBody } from "./rest";
import type { CarrierSim } from "./sim";

type Options = Pick<NumberRoutesOptions, "sim" | "authenticate" | "validBody" | "validQuery">;

const TRUSTHUB = "https://trusthub.twilio.com/v1";
const MESSAGING = "https://messaging.twilio.com/v1";
const iso = (date: Date) => date.toISOString();
const text = (body: FormBody, name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
const notFound = (reply: FastifyReply, url: string) =>
  carrierError(reply, 404, 20404, `The requested resource ${url} was not found`);

/** The carrier's Attributes parameter: a JSON object in a form field. */
function attributesOf(body: FormBody): Record<string, unknown> | null {
  const raw = body.Attributes;
  if (raw === undefined) return {};
  if (typeof raw !== "string") return raw as unknown as Record<string, unknown>;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const PROFILE_STATUS: Record<ReviewStage, string> = {
  draft: "draft",
  pending: "pending-review",
  "in-review": "in-review",
  approved: "twilio-approved",
  rejected: "twilio-rejected",
};
const BRAND_STATUS: Record<ReviewStage, string> = {
  draft: "PENDING",
  pending: "PENDING",
  "in-review": "IN_REVIEW",
  approved: "APPROVED",
  rejected: "FAILED",
};
const CAMPAIGN_STATUS: Record<ReviewStage, string> = {
  draft: "IN_PROGRESS",
  pending: "IN_PROGRESS",
  "in-review": "IN_PROGRESS",
  approved: "VERIFIED",
  rejected: "FAILED",
};

/** A brand waits on its bundles, a campaign on its brand: neither is approved before them. */
function stageAfter(own: ReviewStage, prior: ReviewStage): ReviewStage {
  if (prior === "rejected") return "rejected";
  return own === "approved" && prior !== "approved" ? "in-review" : own;
}

/** The later of two stages: a rejection first, then the one less far along. */
function laterOf(a: ReviewStage, b: ReviewStage): ReviewStage {
  const order: ReviewStage[] = ["rejected", "draft", "pending", "in-review", "approved"];
  return order[Math.min(order.indexOf(a), order.indexOf(b))] ?? "rejected";
}

// The brand names two bundles, the customer profile and the A2P trust product: it waits on both.
function brandStage(store: RegistrationStore, brand: Brand, now: Date): ReviewStage {
  const profile = store.profiles.get(brand.customerProfileSid);
  const product = store.trustProducts.get(brand.a2pProfileSid);
  const bundles = laterOf(
    profile ? reviewStage(profile, now) : "rejected",
    product ? reviewStage(product, now) : "rejected",
  );
  return stageAfter(reviewStage(brand, now), bundles);
}

function campaignStage(store: RegistrationStore, campaign: Campaign, now: Date): ReviewStage {
  const brand = store.brands.get(campaign.brandSid);
  return stageAfter(reviewStage(campaign, now), brand ? brandStage(store, brand, now) : "rejected");
}

const refusalOf = (review: { decision: { approved: boolean; reason?: string } | null }) =>
  review.decision && !review.decision.approved ? (review.decision.reason ?? null) : null;

function trustObjectResource(sim: CarrierSim, object: TrustObject, path: string) {
  return {
    sid: object.sid,
    account_sid: sim.accountSid,
    friendly_name: object.friendlyName,
    type: object.type,
    attributes: object.attributes,
    date_created: iso(object.dateCreated),
    date_updated: iso(object.dateCreated),
    url: `${TRUSTHUB}/${path}/${object.sid}`,
  };
}

/** A trust hub bundle's kind: a customer profile or an A2P trust product, served alike. */
interface BundleKind {
  /** The collection's path under /v1. */
  path: "CustomerProfiles" | "TrustProducts";
  /** What the carrier calls it in a refusal. */
  noun: string;
  /** The path parameter naming the bundle in its sub-paths. */
  param: "CustomerProfileSid" | "TrustProductSid";
  review: "profile" | "trustProduct";
  ops: {
    create: OperationId;
    fetch: OperationId;
    update: OperationId;
    assign: OperationId;
    evaluate: OperationId;
  };
  /** The field naming the bundle in its assignments and evaluations. */
  ownerField: "customer_profile_sid" | "trust_product_sid";
  /** The key prefix of its links (`customer_profiles`, `trust_products`). */
  linkPrefix: string;
  bundles: (store: RegistrationStore) => Map<string, CustomerProfile>;
  /** May this object be assigned to it? */
  holds: (store: RegistrationStore, objectSid: string) => boolean;
  missing: (store: RegistrationStore, bundle: CustomerProfile) => string[];
}

const isTrustObject = (store: RegistrationStore, sid: string) =>
  store.endUsers.has(sid) || store.documents.has(sid);

const CUSTOMER_PROFILES: BundleKind = {
  path: "CustomerProfiles",
  noun: "customer profile",
  param: "CustomerProfileSid",
  review: "profile",
  ops: {
    create: "createCustomerProfile",
    fetch: "fetchCustomerProfile",
    update: "updateCustomerProfile",
    assign: "createCustomerProfileEntityAssignment",
    evaluate: "createCustomerProfileEvaluation",
  },
  ownerField: "customer_profile_sid",
  linkPrefix: "customer_profiles",
  bundles: (store) => store.profiles,
  holds: isTrustObject,
  missing: missingFromProfile,
};

// A trust product holds its messaging profile end user and the (secondary) customer profile.
const TRUST_PRODUCTS: BundleKind = {
  path: "TrustProducts",
  noun: "trust product",
  param: "TrustProductSid",
  review: "trustProduct",
  ops: {
    create: "createTrustProduct",
    fetch: "fetchTrustProduct",
    update: "updateTrustProduct",
    assign: "createTrustProductEntityAssignment",
    evaluate: "createTrustProductEvaluation",
  },
  ownerField: "trust_product_sid",
  linkPrefix: "trust_products",
  bundles: (store) => store.trustProducts,
  holds: (store, sid) => isTrustObject(store, sid) || store.profiles.has(sid),
  missing: missingFromTrustProduct,
};

function bundleResource(sim: CarrierSim, kind: BundleKind, bundle: CustomerProfile) {
  const reason = refusalOf(bundle);
  const url = `${TRUSTHUB}/${kind.path}/${bundle.sid}`;
  return {
    sid: bundle.sid,
    account_sid: sim.accountSid,
    policy_sid: bundle.policySid,
    friendly_name: bundle.friendlyName,
    status: PROFILE_STATUS[reviewStage(bundle, sim.now())],
    valid_until: null,
    email: bundle.email,
    status_callback: null,
    date_created: iso(bundle.dateCreated),
    date_updated: iso(bundle.dateUpdated),
    url,
    links: {
      [`${kind.linkPrefix}_entity_assignments`]: `${url}/EntityAssignments`,
      [`${kind.linkPrefix}_evaluations`]: `${url}/Evaluations`,
    },
    errors: reason ? [{ code: 22215, message: reason }] : null,
  };
}

function brandResource(sim: CarrierSim, store: RegistrationStore, brand: Brand) {
  const stage = brandStage(store, brand, sim.now());
  return {
    sid: brand.sid,
    account_sid: sim.accountSid,
    customer_profile_bundle_sid: brand.customerProfileSid,
    a2p_profile_bundle_sid: brand.a2pProfileSid,
    date_created: iso(brand.dateCreated),
    date_updated: iso(sim.now()),
    brand_type: brand.brandType,
    status: BRAND_STATUS[stage],
    tcr_id: stage === "approved" ? `B${brand.sid.slice(2, 8).toUpperCase()}` : null,
    failure_reason:
      stage === "rejected"
        ? (refusalOf(brand) ?? "The customer profile or the A2P trust product was rejected")
        : null,
    errors: [],
    url: `${MESSAGING}/a2p/BrandRegistrations/${brand.sid}`,
    brand_score: stage === "approved" ? 75 : null,
    brand_feedback: null,
    identity_status: stage === "approved" ? "VERIFIED" : "UNVERIFIED",
    russell_3000: false,
    government_entity: false,
    tax_exempt_status: null,
    skip_automatic_sec_vet: false,
    mock: brand.mock,
    links: {
      brand_vettings: `${MESSAGING}/a2p/BrandRegistrations/${brand.sid}/Vettings`,
      brand_registration_otps: `${MESSAGING}/a2p/BrandRegistrations/${brand.sid}/SmsOtp`,
    },
  };
}

function campaignResource(sim: CarrierSim, store: RegistrationStore, campaign: Campaign) {
  const stage = campaignStage(store, campaign, sim.now());
  const f = campaign.fields;
  const reason = stage === "rejected" ? (refusalOf(campaign) ?? "The brand was not approved") : null;
  return {
    sid: campaign.sid,
    account_sid: sim.accountSid,
    brand_registration_sid: campaign.brandSid,
    messaging_service_sid: campaign.serviceSid,
    description: f.Description,
    message_samples: [f.MessageSamples].flat(),
    us_app_to_person_usecase: f.UsAppToPersonUsecase,
    has_embedded_links: f.HasEmbeddedLinks,
    has_embedded_phone: f.HasEmbeddedPhone,
    subscriber_opt_in: f.SubscriberOptIn ?? null,
    age_gated: f.AgeGated ?? false,
    direct_lending: f.DirectLending ?? false,
    campaign_status: CAMPAIGN_STATUS[stage],
    campaign_id: stage === "approved" ? `C${campaign.sid.slice(2, 8).toUpperCase()}` : null,
    is_externally_registered: false,
    rate_limits: {},
    message_flow: f.MessageFlow,
    opt_in_message: f.OptInMessage ?? null,
    opt_out_message: f.OptOutMessage ?? null,
    help_message: f.HelpMessage ?? null,
    opt_in_keywords: f.OptInKeywords ? [f.OptInKeywords].flat() : null,
    opt_out_keywords: f.OptOutKeywords ? [f.OptOutKeywords].flat() : null,
    help_keywords: f.HelpKeywords ? [f.HelpKeywords].flat() : null,
    date_created: iso(campaign.dateCreated),
    date_updated: iso(sim.now()),
    url: `${MESSAGING}/Services/${campaign.serviceSid}/Compliance/Usa2p/${campaign.sid}`,
    mock: false,
    errors: reason ? [{ code: 30896, message: reason }] : [],
  };
}

/** POST /v1/EndUsers and /v1/SupportingDocuments: a typed bag of attributes. */
async function trustObjectRoutes(app: FastifyInstance, options: Options) {
  const { sim, authenticate, validBody } = options;
  const store = registrationsOf(sim);
  const kinds = [
    { path: "EndUsers", op: "createTrustHubEndUser", prefix: "IT", into: store.endUsers },
    {
      path: "SupportingDocuments",
      op: "createTrustHubSupportingDocument",
      prefix: "RD",
      into: store.documents,
    },
  ] as const;
  for (const kind of kinds) {
    app.post(`/v1/${kind.path}`, { onRequest: authenticate }, async (request, reply) => {
      const body = validBody(kind.op, request, reply);
      if (!body) return reply;
      const attributes = attributesOf(body);
      if (!attributes)
        return carrierError(reply, 400, 20001, "Invalid parameter Attributes: not a JSON object");
      const object: TrustObject = {
        sid: registrationSid(kind.prefix),
        friendlyName: text(body, "FriendlyName"),
        type: text(body, "Type"),
        attributes,
        dateCreated: sim.now(),
      };
      kind.into.set(object.sid, object);
      const resource = trustObjectResource(sim, object, kind.path);
      return reply
        .code(201)
        .send(kind.prefix === "RD" ? { ...resource, mime_type: null, status: "DRAFT" } : resource);
    });
  }
}

/** A bundle's create, fetch and update (submission for review). */
async function bundleRoutes(app: FastifyInstance, options: Options, kind: BundleKind) {
  const { sim, authenticate, validBody, validQuery } = options;
  const store = registrationsOf(sim);
  const bundleOf = (sid: string) => kind.bundles(store).get(sid);

  app.post(`/v1/${kind.path}`, { onRequest: authenticate }, async (request, reply) => {
    const body = validBody(kind.ops.create, request, reply);
    if (!body) return reply;
    const now = sim.now();
    const bundle: CustomerProfile = {
      sid: registrationSid("BU"),
      friendlyName: text(body, "FriendlyName"),
      email: text(body, "Email"),
      policySid: text(body, "PolicySid"),
      assignments: [],
      kind: kind.review,
      submittedAt: null,
      decision: null,
      dateCreated: now,
      dateUpdated: now,
    };
    kind.bundles(store).set(bundle.sid, bundle);
    return reply.code(201).send(bundleResource(sim, kind, bundle));
  });

  app.get(`/v1/${kind.path}/:Sid`, { onRequest: authenticate }, async (request, reply) => {
    if (!validQuery(kind.ops.fetch, request, reply)) return reply;
    const bundle = bundleOf((request.params as { Sid: string }).Sid);
    return bundle ? bundleResource(sim, kind, bundle) : notFound(reply, request.url);
  });

  app.post(`/v1/${kind.path}/:Sid`, { onRequest: authenticate }, async (request, reply) => {
    const body = validBody(kind.ops.update, request, reply);
    if (!body) return reply;
    const bundle = bundleOf((request.params as { Sid: string }).Sid);
    if (!bundle) return notFound(reply, request.url);
    if (body.FriendlyName !== undefined) bundle.friendlyName = text(body, "FriendlyName");
    if (body.Email !== undefined) bundle.email = text(body, "Email");
    if (text(body, "Status") === "pending-review" && !bundle.submittedAt) {
      const missing = kind.missing(store, bundle);
      if (missing.length > 0)
        return carrierError(reply, 400, 22215, `The ${kind.noun} is missing: ${missing.join(", ")}`);
      bundle.submittedAt = sim.now();
    }
    bundle.dateUpdated = sim.now();
    return bundleResource(sim, kind, bundle);
  });
}

/** A bundle's entity assignments and evaluations. */
async function bundleItemRoutes(app: FastifyInstance, options: Options, kind: BundleKind) {
  const { sim, authenticate, validBody } = options;
  const store = registrationsOf(sim);
  const base = `/v1/${kind.path}/:${kind.param}`;
  const bundleOf = (params: unknown) =>
    kind.bundles(store).get((params as Record<string, string>)[kind.param] ?? "");

  app.post(`${base}/EntityAssignments`, { onRequest: authenticate }, async (request, reply) => {
    const body = validBody(kind.ops.assign, request, reply);
    if (!body) return reply;
    const bundle = bundleOf(request.params);
    if (!bundle) return notFound(reply, request.url);
    const objectSid = text(body, "ObjectSid");
    if (!kind.holds(store, objectSid))
      return carrierError(reply, 400, 20001, `Invalid parameter ObjectSid: ${objectSid} is not found`);
    const assignment = { sid: registrationSid("BV"), objectSid, dateCreated: sim.now() };
    bundle.assignments.push(assignment);
    return reply.code(201).send({
      sid: assignment.sid,
      [kind.ownerField]: bundle.sid,
      account_sid: sim.accountSid,
      object_sid: objectSid,
      date_created: iso(assignment.dateCreated),
      url: `${TRUSTHUB}/${kind.path}/${bundle.sid}/EntityAssignments/${assignment.sid}`,
    });
  });

  app.post(`${base}/Evaluations`, { onRequest: authenticate }, async (request, reply) => {
    const body = validBody(kind.ops.evaluate, request, reply);
    if (!body) return reply;
    const bundle = bundleOf(request.params);
    if (!bundle) return notFound(reply, request.url);
    const missing = kind.missing(store, bundle);
    const sid = registrationSid("EL");
    return reply.code(201).send({
      sid,
      account_sid: sim.accountSid,
      policy_sid: text(body, "PolicySid"),
      [kind.ownerField]: bundle.sid,
      status: missing.length === 0 ? "compliant" : "noncompliant",
      results: missing.map((type) => ({ object_type: type, passed: false, failure_reason: "missing" })),
      date_created: iso(sim.now()),
      url: `${TRUSTHUB}/${kind.path}/${bundle.sid}/Evaluations/${sid}`,
    });
  });
}

async function brandRoutes(app: FastifyInstance, options: Options) {
  const { sim, authenticate, validBody, validQuery } = options;
  const store = registrationsOf(sim);

  app.post("/v1/a2p/BrandRegistrations", { onRequest: authenticate }, async (request, reply) => {
    const body = validBody("createBrandRegistrations", request, reply);
    if (!body) return reply;
    const profile = store.profiles.get(text(body, "CustomerProfileBundleSid"));
    if (!profile?.submittedAt)
      return carrierError(reply, 400, 21661, "The customer profile bundle is not submitted for review");
    // As the carrier does: the A2P profile bundle must be a trust product, not the customer profile again.
    const product = store.trustProducts.get(text(body, "A2PProfileBundleSid"));
    if (!product?.submittedAt)
      return carrierError(
        reply,
        400,
        20001,
        "Invalid parameter A2PProfileBundleSid: not an A2P trust product submitted for review",
      );
    const now = sim.now();
    const brand: Brand = {
      sid: registrationSid("BN"),
      customerProfileSid: profile.sid,
      a2pProfileSid: product.sid,
      brandType: text(body, "BrandType") || "STANDARD",
      mock: body.Mock === (true as unknown as string),
      kind: "brand",
      submittedAt: now,
      decision: null,
      dateCreated: now,
    };
    store.brands.set(brand.sid, brand);
    return reply.code(201).send(brandResource(sim, store, brand));
  });

  app.get("/v1/a2p/BrandRegistrations/:Sid", { onRequest: authenticate }, async (request, reply) => {
    if (!validQuery("fetchBrandRegistrations", request, reply)) return reply;
    const brand = store.brands.get((request.params as { Sid: string }).Sid);
    return brand ? brandResource(sim, store, brand) : notFound(reply, request.url);
  });
}

async function serviceRoutes(app: FastifyInstance, options: Options) {
  const { sim, authenticate, validBody } = options;
  const store = registrationsOf(sim);

  app.post("/v1/Services", { onRequest: authenticate }, async (request, reply) => {
    const body = validBody("createService", request, reply);
    if (!body) return reply;
    const service = {
      sid: registrationSid("MG"),
      friendlyName: text(body, "FriendlyName"),
      usecase: text(body, "Usecase") || "undeclared",
      numbers: new Map<string, Date>(),
      dateCreated: sim.now(),
    };
    store.services.set(service.sid, service);
    const url = `${MESSAGING}/Services/${service.sid}`;
    return reply.code(201).send({
      sid: service.sid,
      account_sid: sim.accountSid,
      friendly_name: service.friendlyName,
      date_created: iso(service.dateCreated),
      date_updated: iso(service.dateCreated),
      inbound_request_url: null,
      inbound_method: "POST",
      fallback_url: null,
      fallback_method: "POST",
      status_callback: null,
      sticky_sender: true,
      mms_converter: true,
      smart_encoding: true,
      scan_message_content: "inherit",
      fallback_to_long_code: false,
      area_code_geomatch: true,
      synchronous_validation: false,
      validity_period: 14400,
      url,
      links: { phone_numbers: `${url}/PhoneNumbers`, us_app_to_person: `${url}/Compliance/Usa2p` },
      usecase: service.usecase,
      us_app_to_person_registered: false,
      use_inbound_webhook_on_number: true,
    });
  });

  app.post("/v1/Services/:ServiceSid/PhoneNumbers", { onRequest: authenticate }, async (request, reply) => {
    const body = validBody("createPhoneNumber", request, reply);
    if (!body) return reply;
    const service = store.services.get((request.params as { ServiceSid: string }).ServiceSid);
    if (!service) return notFound(reply, request.url);
    const number = sim.inventory.number(text(body, "PhoneNumberSid"));
    if (!number) return carrierError(reply, 400, 21710, "The phone number sid is not one of the account's");
    const joined = service.numbers.get(number.sid) ?? sim.now();
    service.numbers.set(number.sid, joined);
    return reply.code(201).send({
      sid: number.sid,
      account_sid: sim.accountSid,
      service_sid: service.sid,
      date_created: iso(joined),
      date_updated: iso(joined),
      phone_number: number.phoneNumber,
      country_code: "US",
      capabilities: ["SMS", "Voice"],
      url: `${MESSAGING}/Services/${service.sid}/PhoneNumbers/${number.sid}`,
    });
  });
}

async function campaignRoutes(app: FastifyInstance, options: Options) {
  const { sim, authenticate, validBody, validQuery } = options;
  const store = registrationsOf(sim);
  const base = "/v1/Services/:MessagingServiceSid/Compliance/Usa2p";

  app.post(base, { onRequest: authenticate }, async (request, reply) => {
    const body = validBody("createUsAppToPerson", request, reply);
    if (!body) return reply;
    const service = store.services.get(
      (request.params as { MessagingServiceSid: string }).MessagingServiceSid,
    );
    if (!service) return notFound(reply, request.url);
    const brand = store.brands.get(text(body, "BrandRegistrationSid"));
    if (!brand) return carrierError(reply, 400, 21711, "The brand registration is not found");
    const samples = [body.MessageSamples].flat();
    if (samples.length < 2 || samples.length > 5)
      return carrierError(reply, 400, 21713, "Between two and five message samples are required");
    const now = sim.now();
    const campaign: Campaign = {
      sid: registrationSid("QE"),
      serviceSid: service.sid,
      brandSid: brand.sid,
      fields: body,
      kind: "campaign",
      submittedAt: now,
      decision: null,
      dateCreated: now,
    };
    store.campaigns.set(campaign.sid, campaign);
    return reply.code(201).send(campaignResource(sim, store, campaign));
  });

  app.get(`${base}/:Sid`, { onRequest: authenticate }, async (request, reply) => {
    if (!validQuery("fetchUsAppToPerson", request, reply)) return reply;
    const { MessagingServiceSid, Sid } = request.params as { MessagingServiceSid: string; Sid: string };
    const campaign = store.campaigns.get(Sid);
    if (!campaign || campaign.serviceSid !== MessagingServiceSid) return notFound(reply, request.url);
    return campaignResource(sim, store, campaign);
  });
}

/** Trust hub's paths (register under `/trusthub`). */
export async function trustHubRoutes(app: FastifyInstance, options: Options) {
  await trustObjectRoutes(app, options);
  for (const kind of [CUSTOMER_PROFILES, TRUST_PRODUCTS]) {
    await bundleRoutes(app, options, kind);
    await bundleItemRoutes(app, options, kind);
  }
}

/** Messaging's registration paths (register under `/messaging`). */
export async function messagingRoutes(app: FastifyInstance, options: Options) {
  await brandRoutes(app, options);
  await serviceRoutes(app, options);
  await campaignRoutes(app, options);
}

/** The status a control decision left, in the carrier's words, for the control's answer. */
export function carrierStatusOf(sim: CarrierSim, sid: string): string | null {
  const store = registrationsOf(sim);
  const now = sim.now();
  const bundle = store.profiles.get(sid) ?? store.trustProducts.get(sid);
  if (bundle) return PROFILE_STATUS[reviewStage(bundle, now)];
  const brand = store.brands.get(sid);
  if (brand) return BRAND_STATUS[brandStage(store, brand, now)];
  const campaign = store.campaigns.get(sid);
  return campaign ? CAMPAIGN_STATUS[campaignStage(store, campaign, now)] : null;
}

/**
 * Every profile, trust product, brand and campaign, named by its business (the profile's name),
 * for the control's list.
 */
export function registrationList(sim: CarrierSim) {
  const store = registrationsOf(sim);
  const nameOf = (profileSid: string | undefined) =>
    (profileSid && store.profiles.get(profileSid)?.friendlyName) || null;
  const brandProfile = (brandSid: string) => store.brands.get(brandSid)?.customerProfileSid;
  const productProfile = (product: TrustProduct) =>
    product.assignments.find((a) => store.profiles.has(a.objectSid))?.objectSid;
  return [
    ...[...store.profiles.values()].map((p) => ({ sid: p.sid, kind: "profile", name: p.friendlyName })),
    ...[...store.trustProducts.values()].map((p) => ({
      sid: p.sid,
      kind: "trustProduct",
      name: nameOf(productProfile(p)),
    })),
    ...[...store.brands.values()].map((b) => ({
      sid: b.sid,
      kind: "brand",
      name: nameOf(b.customerProfileSid),
    })),
    ...[...store.campaigns.values()].map((c) => ({
      sid: c.sid,
      kind: "campaign",
      name: nameOf(brandProfile(c.brandSid)),
    })),
  ].map((entry) => ({ ...entry, status: carrierStatusOf(sim, entry.sid) }));
}
