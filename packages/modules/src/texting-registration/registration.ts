import type {
  TextingRegistration,
  TextingRegistrationBody,
  TextingRegistrationResponse,
} from "@poundline/contracts/texting-registration/schemas";
import { applyDebits, type Database, lockWallet, newId, schema } from "@poundline/db";
import {
  type RegistrationCommand,
  stepRegistration,
  TEXTING_CAMPAIGN_MONTHLY_CENTS,
  TEXTING_REGISTRATION_FEES,
  textingRegistrationFeeCents,
} from "@poundline/domain/texting-registration";
import type { RegistrationCarrier } from "@poundline/platform/carrier/registration";
import { and, eq, isNotNull, sql } from "drizzle-orm";

const { phoneNumbers, textingRegistrations, wallets } = schema;

export interface RegistrationPorts {
  db: Database;
  carrier: RegistrationCarrier;
  clock: () => Date;
  log: { warn(obj: object, msg: string): void };
}

type Row = typeof textingRegistrations.$inferSelect;

export const registrationFees = () => ({
  ...TEXTING_REGISTRATION_FEES,
  totalCents: textingRegistrationFeeCents,
  campaignMonthlyCents: TEXTING_CAMPAIGN_MONTHLY_CENTS.standard,
  lowVolumeCampaignMonthlyCents: TEXTING_CAMPAIGN_MONTHLY_CENTS.lowVolume,
});

const view = (row: Row): TextingRegistration => ({
  id: row.id,
  stage: row.stage,
  legalName: row.business.legalName,
  useCase: row.campaign.useCase,
  profileStatus: row.profileStatus,
  trustProductStatus: row.trustProductStatus,
  brandStatus: row.brandStatus,
  campaignStatus: row.campaignStatus,
  failureReason: row.failureReason,
  joinedNumbers: row.joinedNumbers,
  feeCents: row.feeCents,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const answer = (row: Row | undefined): TextingRegistrationResponse => ({
  registration: row ? view(row) : null,
  fees: registrationFees(),
});

async function findRow(db: Database, accountId: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(textingRegistrations)
    .where(eq(textingRegistrations.accountId, accountId));
  return row;
}

/** The account's local numbers the carrier holds: those that join the campaign's messaging service. */
async function localNumbers(db: Database, accountId: string) {
  const rows = await db
    .select({ e164: phoneNumbers.e164, carrierSid: phoneNumbers.carrierSid })
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.accountId, accountId),
        eq(phoneNumbers.numberType, "local"),
        isNotNull(phoneNumbers.carrierSid),
      ),
    );
  return rows.filter((row) => row.e164.startsWith("+1")) as { e164: string; carrierSid: string }[];
}

/** Asks the carrier for the next part once the one before is approved; the row's changes. */
async function runCommand(ports: RegistrationPorts, row: Row, command: RegistrationCommand) {
  const { carrier } = ports;
  if (command === "submit_trust_product" && row.profileSid) {
    const { trustProductSid } = await carrier.submitTrustProduct(row.profileSid, row.business);
    return { trustProductSid, trustProductStatus: "pending-review" };
  }
  if (command === "register_brand" && row.profileSid && row.trustProductSid) {
    const { brandSid } = await carrier.registerBrand(row.profileSid, row.trustProductSid);
    return { brandSid, brandStatus: "PENDING" };
  }
  if (command === "create_campaign" && row.brandSid) {
    const numbers = await localNumbers(ports.db, row.accountId);
    const { serviceSid } = await carrier.createService(
      `${row.business.legalName} texts`,
      numbers.map((n) => n.carrierSid),
    );
    const { campaignSid } = await carrier.createCampaign(serviceSid, row.brandSid, row.campaign);
    return {
      messagingServiceSid: serviceSid,
      campaignSid,
      campaignStatus: "IN_PROGRESS",
      joinedNumbers: numbers.map((n) => n.e164),
    };
  }
  return {};
}

/**
 * Reads the carrier's statuses of a registration under review and moves it on: registers the
 * brand once the profile and the trust product are approved, the campaign once the brand is; records approval or the
 * carrier's reason for a refusal. A carrier that does not answer leaves the row as it was.
 */
async function follow(ports: RegistrationPorts, row: Row): Promise<Row> {
  if (row.stage === "approved" || row.stage === "rejected") return row;
  try {
    const review = await ports.carrier.statuses({
      profileSid: row.profileSid,
      trustProductSid: row.trustProductSid,
      brandSid: row.brandSid,
      serviceSid: row.messagingServiceSid,
      campaignSid: row.campaignSid,
    });
    const step = stepRegistration(
      {
        stage: row.stage,
        hasTrustProduct: row.trustProductSid !== null,
        hasBrand: row.brandSid !== null,
        hasCampaign: row.campaignSid !== null,
      },
      review,
    );
    const created = step.command ? await runCommand(ports, row, step.command) : {};
    const [updated] = await ports.db
      .update(textingRegistrations)
      .set({
        stage: step.stage,
        failureReason: step.failureReason,
        profileStatus: review.profile,
        trustProductStatus: review.trustProduct,
        brandStatus: review.brand,
        campaignStatus: review.campaign,
        ...created,
        updatedAt: ports.clock(),
      })
      .where(and(eq(textingRegistrations.id, row.id), eq(textingRegistrations.stage, row.stage)))
      .returning();
    return updated ?? row;
  } catch (err) {
    ports.log.warn({ err, registrationId: row.id }, "texting registration not followed at the carrier");
    return row;
  }
}

/**
 * Adds to the campaign's messaging service the account's local numbers not in it yet (bought
 * after the campaign was created), one by one, each recorded once the carrier took it: run after
 * a purchase and on each reading, so a number the carrier did not take then joins later.
 */
export async function joinNewNumbers(ports: RegistrationPorts, accountId: string): Promise<Row | undefined> {
  const row = await findRow(ports.db, accountId);
  if (!row?.messagingServiceSid) return row;
  const serviceSid = row.messagingServiceSid;
  const missing = (await localNumbers(ports.db, accountId)).filter(
    (n) => !row.joinedNumbers.includes(n.e164),
  );
  let joined = row;
  for (const number of missing) {
    try {
      await ports.carrier.addNumber(serviceSid, number.carrierSid);
    } catch (err) {
      ports.log.warn(
        { err, registrationId: row.id, e164: number.e164 },
        "number not added to the messaging service",
      );
      continue;
    }
    const [updated] = await ports.db
      .update(textingRegistrations)
      .set({
        joinedNumbers: sql`array_append(array_remove(${textingRegistrations.joinedNumbers}, ${number.e164}), ${number.e164})`,
        updatedAt: ports.clock(),
      })
      .where(eq(textingRegistrations.id, row.id))
      .returning();
    joined = updated ?? joined;
  }
  return joined;
}

/** The account's registration, followed at the carrier, and the fees of registering. */
export async function readRegistration(
  ports: RegistrationPorts,
  accountId: string,
): Promise<TextingRegistrationResponse> {
  const row = await findRow(ports.db, accountId);
  const followed = row ? await follow(ports, row) : undefined;
  return answer(followed?.messagingServiceSid ? await joinNewNumbers(ports, accountId) : followed);
}

export type SubmitResult =
  | { ok: true; response: TextingRegistrationResponse }
  | { ok: false; reason: "already_submitted" }
  | { ok: false; reason: "low_balance"; feeCents: number };

async function walletBalance(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.accountId, accountId));
  return row?.balanceCents ?? 0;
}

/** Insufficient funds, found under the wallet's lock: rolls the registration back. */
class LowBalance extends Error {}

/**
 * Submits the business profile and its A2P trust product to the carrier and records the registration, the fees charged
 * to the wallet in the same transaction (a ledger entry each). Refused before the carrier when
 * a registration is already under way or approved, or the wallet cannot pay the fees.
 */
export async function submitRegistration(
  ports: RegistrationPorts,
  accountId: string,
  body: TextingRegistrationBody,
): Promise<SubmitResult> {
  const { db, clock } = ports;
  const existing = await findRow(db, accountId);
  if (existing && existing.stage !== "rejected") return { ok: false, reason: "already_submitted" };
  const feeCents = textingRegistrationFeeCents;
  if ((await walletBalance(db, accountId)) < feeCents) return { ok: false, reason: "low_balance", feeCents };

  const { profileSid } = await ports.carrier.submitProfile(body.business);
  const { trustProductSid } = await ports.carrier.submitTrustProduct(profileSid, body.business);
  const now = clock();
  const id = existing?.id ?? newId("textingRegistration");
  const values = {
    stage: "profile_review" as const,
    business: body.business,
    campaign: body.campaign,
    profileSid,
    profileStatus: "pending-review",
    trustProductSid,
    trustProductStatus: "pending-review",
    brandSid: null,
    messagingServiceSid: null,
    campaignSid: null,
    brandStatus: null,
    campaignStatus: null,
    failureReason: null,
    joinedNumbers: [],
    feeCents,
    updatedAt: now,
  };
  try {
    const row = await db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, accountId, now);
      if (wallet.balanceCents < feeCents) throw new LowBalance();
      await applyDebits(tx, accountId, feeDebits(profileSid), now, wallet);
      const [saved] = await tx
        .insert(textingRegistrations)
        .values({ id, accountId, createdAt: now, ...values })
        .onConflictDoUpdate({ target: textingRegistrations.accountId, set: values })
        .returning();
      return saved;
    });
    return { ok: true, response: answer(row) };
  } catch (err) {
    if (err instanceof LowBalance) return { ok: false, reason: "low_balance", feeCents };
    throw err;
  }
}

/** The two one-time fees, keyed by the profile submitted: a retried submission charges nothing twice. */
function feeDebits(profileSid: string) {
  return [
    {
      type: "registration_fee" as const,
      amountCents: TEXTING_REGISTRATION_FEES.brandCents,
      idempotencyKey: `texting-registration:brand:${profileSid}`,
      reference: profileSid,
      description: "Texting registration: brand registration fee",
    },
    {
      type: "registration_fee" as const,
      amountCents: TEXTING_REGISTRATION_FEES.campaignVettingCents,
      idempotencyKey: `texting-registration:campaign:${profileSid}`,
      reference: profileSid,
      description: "Texting registration: campaign vetting fee",
    },
  ];
}
