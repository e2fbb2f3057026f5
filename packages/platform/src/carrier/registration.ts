/**
 * Texting registration at the carrier (A2P 10DLC): a trust hub customer profile for the
 * business, an A2P trust product (its messaging profile) holding it, a brand naming both, a
 * messaging service the account's local numbers join, and a campaign on that service. Through
 * the official twilio package (the simulator's RequestClient in simulator mode).
 */
import { type CarrierClientOptions, carrierError, carrierRest } from "./client";

/**
 * The carrier's policy of a secondary customer profile (the business behind an ISV's texts),
 * from the carrier's A2P 10DLC onboarding guide for ISVs.
 */
export const SECONDARY_PROFILE_POLICY_SID = "RNdfbf3fae0e1107f8aded0e7cead80bf5";

/**
 * The carrier's policy of an A2P trust product ("A2P Messaging Profile"), the bundle a brand
 * names as its `A2PProfileBundleSid`, from the same guide.
 */
export const A2P_TRUST_PRODUCT_POLICY_SID = "RNb0d4771c2c98518d916a3d4cd70a8f8b";

export interface BusinessProfileInput {
  legalName: string;
  ein: string;
  businessType: string;
  industry: string;
  website: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  contact: { firstName: string; lastName: string; email: string; phone: string; title: string };
}

export interface CampaignInput {
  useCase: string;
  description: string;
  messageSamples: string[];
  messageFlow: string;
  hasEmbeddedLinks: boolean;
  hasEmbeddedPhone: boolean;
}

/** The carrier's words for where each part stands (customer profile, trust product, brand, campaign). */
export interface RegistrationStatuses {
  profile: string | null;
  trustProduct: string | null;
  brand: string | null;
  brandFailure: string | null;
  campaign: string | null;
  campaignFailure: string | null;
}

export interface RegistrationSids {
  profileSid: string | null;
  trustProductSid: string | null;
  brandSid: string | null;
  serviceSid: string | null;
  campaignSid: string | null;
}

export interface RegistrationCarrier {
  /** Creates the profile with its business, representative and address, and submits it for review. */
  submitProfile(input: BusinessProfileInput): Promise<{ profileSid: string }>;
  /** Creates the A2P trust product holding the submitted profile, and submits it for review. */
  submitTrustProduct(profileSid: string, input: BusinessProfileInput): Promise<{ trustProductSid: string }>;
  registerBrand(profileSid: string, trustProductSid: string): Promise<{ brandSid: string }>;
  /** A messaging service for the account's texts, with its numbers (carrier sids) in it. */
  createService(name: string, numberSids: string[]): Promise<{ serviceSid: string }>;
  addNumber(serviceSid: string, numberSid: string): Promise<void>;
  createCampaign(
    serviceSid: string,
    brandSid: string,
    input: CampaignInput,
  ): Promise<{ campaignSid: string }>;
  statuses(sids: RegistrationSids): Promise<RegistrationStatuses>;
}

async function carrierCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw carrierError(err);
  }
}

type Rest = ReturnType<typeof carrierRest>;

/** The end users and address document a secondary customer profile holds (the policy's list). */
async function profileObjects(rest: Rest, input: BusinessProfileInput): Promise<string[]> {
  const trust = rest.trusthub.v1;
  const business = await trust.endUsers.create({
    friendlyName: input.legalName,
    type: "customer_profile_business_information",
    attributes: {
      business_name: input.legalName,
      business_identity: "direct_customer",
      business_type: input.businessType,
      business_industry: input.industry,
      business_registration_identifier: "EIN",
      business_registration_number: input.ein,
      business_regions_of_operation: "USA_AND_CANADA",
      website_url: input.website,
      social_media_profile_urls: "",
    },
  });
  const { contact } = input;
  const representative = await trust.endUsers.create({
    friendlyName: `${contact.firstName} ${contact.lastName}`,
    type: "authorized_representative_1",
    attributes: {
      first_name: contact.firstName,
      last_name: contact.lastName,
      email: contact.email,
      phone_number: contact.phone,
      business_title: contact.title,
      job_position: "Other",
    },
  });
  const address = await rest.addresses.create({
    customerName: input.legalName,
    street: input.street,
    city: input.city,
    region: input.region,
    postalCode: input.postalCode,
    isoCountry: "US",
  });
  const document = await trust.supportingDocuments.create({
    friendlyName: `${input.legalName} address`,
    type: "customer_profile_address",
    attributes: { address_sids: address.sid },
  });
  return [business.sid, representative.sid, document.sid];
}

/**
 * The carrier's `company_type` of the A2P messaging profile (public, private, non-profit,
 * government) from the business type the form collects: the form has no publicly traded or
 * government choice, which would also need a stock ticker or a government entity.
 */
export const companyTypeOf = (businessType: string): "private" | "non-profit" =>
  businessType === "Non-profit Corporation" ? "non-profit" : "private";

/** The A2P trust product: its messaging profile end user and the customer profile, evaluated and submitted. */
async function submitTrustProduct(rest: Rest, profileSid: string, input: BusinessProfileInput) {
  const trust = rest.trusthub.v1;
  const messagingProfile = await trust.endUsers.create({
    friendlyName: `${input.legalName} messaging profile`,
    type: "us_a2p_messaging_profile_information",
    attributes: { company_type: companyTypeOf(input.businessType) },
  });
  const product = await trust.trustProducts.create({
    friendlyName: `${input.legalName} A2P messaging profile`,
    email: input.contact.email,
    policySid: A2P_TRUST_PRODUCT_POLICY_SID,
  });
  const assignments = trust.trustProducts(product.sid).trustProductsEntityAssignments;
  for (const objectSid of [messagingProfile.sid, profileSid]) await assignments.create({ objectSid });
  const evaluation = await trust
    .trustProducts(product.sid)
    .trustProductsEvaluations.create({ policySid: A2P_TRUST_PRODUCT_POLICY_SID });
  if (evaluation.status !== "compliant") throw new Error(`trust product ${product.sid} is not compliant`);
  await trust.trustProducts(product.sid).update({ status: "pending-review" });
  return { trustProductSid: product.sid };
}

export function createRegistrationCarrier(options: CarrierClientOptions): RegistrationCarrier {
  const rest = carrierRest(options);
  const trust = rest.trusthub.v1;
  const messaging = rest.messaging.v1;

  return {
    submitProfile: (input) =>
      carrierCall(async () => {
        const objects = await profileObjects(rest, input);
        const profile = await trust.customerProfiles.create({
          friendlyName: input.legalName,
          email: input.contact.email,
          policySid: SECONDARY_PROFILE_POLICY_SID,
        });
        for (const objectSid of objects)
          await trust.customerProfiles(profile.sid).customerProfilesEntityAssignments.create({ objectSid });
        const evaluation = await trust
          .customerProfiles(profile.sid)
          .customerProfilesEvaluations.create({ policySid: SECONDARY_PROFILE_POLICY_SID });
        if (evaluation.status !== "compliant") throw new Error(`profile ${profile.sid} is not compliant`);
        await trust.customerProfiles(profile.sid).update({ status: "pending-review" });
        return { profileSid: profile.sid };
      }),
    submitTrustProduct: (profileSid, input) => carrierCall(() => submitTrustProduct(rest, profileSid, input)),
    registerBrand: (profileSid, trustProductSid) =>
      carrierCall(async () => {
        const brand = await messaging.brandRegistrations.create({
          customerProfileBundleSid: profileSid,
          a2PProfileBundleSid: trustProductSid,
          brandType: "STANDARD",
        });
        return { brandSid: brand.sid };
      }),
    createService: (name, numberSids) =>
      carrierCall(async () => {
        const service = await messaging.services.create({ friendlyName: name, usecase: "mixed" });
        for (const phoneNumberSid of numberSids)
          await messaging.services(service.sid).phoneNumbers.create({ phoneNumberSid });
        return { serviceSid: service.sid };
      }),
    addNumber: (serviceSid, phoneNumberSid) =>
      carrierCall(async () => {
        await messaging.services(serviceSid).phoneNumbers.create({ phoneNumberSid });
      }),
    createCampaign: (serviceSid, brandSid, input) =>
      carrierCall(async () => {
        const campaign = await messaging.services(serviceSid).usAppToPerson.create({
          brandRegistrationSid: brandSid,
          description: input.description,
          messageFlow: input.messageFlow,
          messageSamples: input.messageSamples,
          usAppToPersonUsecase: input.useCase,
          hasEmbeddedLinks: input.hasEmbeddedLinks,
          hasEmbeddedPhone: input.hasEmbeddedPhone,
        });
        return { campaignSid: campaign.sid };
      }),
    statuses: (sids) => carrierCall(() => fetchStatuses(rest, sids)),
  };
}

async function fetchStatuses(rest: Rest, sids: RegistrationSids): Promise<RegistrationStatuses> {
  const [profile, trustProduct, brand, campaign] = await Promise.all([
    sids.profileSid ? rest.trusthub.v1.customerProfiles(sids.profileSid).fetch() : null,
    sids.trustProductSid ? rest.trusthub.v1.trustProducts(sids.trustProductSid).fetch() : null,
    sids.brandSid ? rest.messaging.v1.brandRegistrations(sids.brandSid).fetch() : null,
    sids.serviceSid && sids.campaignSid
      ? rest.messaging.v1.services(sids.serviceSid).usAppToPerson(sids.campaignSid).fetch()
      : null,
  ]);
  const campaignErrors = (campaign?.errors ?? []) as { message?: string }[];
  return {
    profile: profile?.status ?? null,
    trustProduct: trustProduct?.status ?? null,
    brand: brand?.status ?? null,
    brandFailure: brand?.failureReason ?? null,
    campaign: campaign?.campaignStatus ?? null,
    campaignFailure: campaignErrors[0]?.message ?? null,
  };
}
