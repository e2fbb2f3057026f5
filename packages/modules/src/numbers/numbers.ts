import { numberLimitRefusal } from "@poundline/contracts/billing/plan-limits";
import {
  type AvailableQuery,
  abroadMessages,
  type BuyNumberBody,
  type EmergencyAddressBody,
  type ListNumbersQuery,
  NUMBER_LIMITS,
  numberMessages,
} from "@poundline/contracts/numbers/schemas";
import type { Database } from "@poundline/db";
import { applyDebits, newId, schema } from "@poundline/db";
import type { phoneNumberTypes } from "@poundline/db/enums";
import { describeDestination, voicePaths } from "@poundline/domain";
import { CarrierError } from "@poundline/platform/carrier/client";
import type { InternationalCarrier } from "@poundline/platform/carrier/international";
import type { NumberCarrier } from "@poundline/platform/carrier/numbers";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { currentPlan } from "../billing/current-plan";
import { numberPurchaseRefusal } from "../billing/unpaid-trial";
import { smsPaths } from "../carrier/sms-paths";
import { afterCursor, limitedTo, orderOf, pageOf, type SortKey, sortKeyOf } from "../pagination";
import { emitWebhookEvent } from "../webhooks/emit";
import { abroadClearance, isHomeMarket, monthlyPriceOf } from "./abroad";

type PhoneNumberType = (typeof phoneNumberTypes)[number];

const { accounts, emergencyAddresses, numberRouting, phoneNumberRequests, phoneNumbers, wallets } = schema;

export interface NumberPorts {
  db: Database;
  carrier: NumberCarrier;
  /** Numbers abroad: regulations and bundles (needed only to buy outside the home market). */
  international?: InternationalCarrier;
  /** Our public base URL, where the carrier sends a number's calls and texts. */
  webhookBaseUrl: string;
}

/** The carrier's code for a number that is no longer for sale. */
const NUMBER_NOT_AVAILABLE = 21422;

/** NANP toll-free numbers: the 8YY codes. */
const TOLL_FREE = /^\+18(00|33|44|55|66|77|88)\d{7}$/;
export const numberTypeOf = (e164: string) => (TOLL_FREE.test(e164) ? "toll-free" : "local");

/** A number's country and type: NANP's by its area code, another country's by its numbering plan. */
export function numberKindOf(e164: string): { isoCountry: string; numberType: PhoneNumberType } {
  const destination = describeDestination(e164);
  const isoCountry = destination.country ?? "US";
  if (e164.startsWith("+1")) return { isoCountry, numberType: numberTypeOf(e164) };
  const numberType =
    destination.type === "mobile" ? "mobile" : destination.type === "toll_free" ? "toll-free" : "local";
  return { isoCountry, numberType };
}

/** The limits of the plan the account is on now (billing/current-plan.ts). */
async function currentAllowance(db: Database, accountId: string) {
  return (await currentPlan(db, accountId, new Date())).limits;
}

async function numbersHeld(db: Pick<Database, "select">, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.accountId, accountId));
  return row?.n ?? 0;
}

const listColumns = {
  number: phoneNumbers,
  routing: {
    phoneNumberId: numberRouting.phoneNumberId,
    ringStrategy: numberRouting.ringStrategy,
    businessHoursTargetType: numberRouting.businessHoursTargetType,
    afterHoursTargetType: numberRouting.afterHoursTargetType,
  },
  e911: {
    phoneNumberId: emergencyAddresses.phoneNumberId,
    carrierSid: emergencyAddresses.carrierSid,
    customerName: emergencyAddresses.customerName,
    street: emergencyAddresses.street,
    streetSecondary: emergencyAddresses.streetSecondary,
    city: emergencyAddresses.city,
    region: emergencyAddresses.region,
    postalCode: emergencyAddresses.postalCode,
    isoCountry: emergencyAddresses.isoCountry,
  },
};

/** The numbers in the order they were bought (a number is unique: it breaks ties). */
const numberOrder: SortKey = { at: phoneNumbers.createdAt, id: phoneNumbers.e164, ascending: true };

/** The account's numbers (or the one of `id`), after the cursor and `limit` + 1 long when given. */
async function selectNumbers(db: Database, accountId: string, which: { id?: string } & ListNumbersQuery) {
  const query = db
    .select({ ...listColumns, sortKey: sortKeyOf(numberOrder) })
    .from(phoneNumbers)
    .leftJoin(numberRouting, eq(numberRouting.phoneNumberId, phoneNumbers.id))
    .leftJoin(emergencyAddresses, eq(emergencyAddresses.phoneNumberId, phoneNumbers.id))
    .where(
      and(
        eq(phoneNumbers.accountId, accountId),
        which.id ? eq(phoneNumbers.id, which.id) : undefined,
        afterCursor(numberOrder, which.cursor),
      ),
    )
    .orderBy(...orderOf(numberOrder))
    .$dynamic();
  const rows = await limitedTo(query, which.limit);
  return rows.map(({ number, routing, e911, sortKey }) => ({
    sortKey,
    id: number.id,
    e164: number.e164,
    friendlyName: number.friendlyName,
    numberType: number.numberType,
    carrierSid: number.carrierSid,
    capabilities: { voice: number.voiceEnabled, sms: number.smsEnabled },
    e911: e911
      ? {
          customerName: e911.customerName,
          street: e911.street,
          streetSecondary: e911.streetSecondary,
          city: e911.city,
          region: e911.region,
          postalCode: e911.postalCode,
          isoCountry: e911.isoCountry,
        }
      : null,
    e911Sid: e911?.carrierSid ?? null,
    routing: {
      configured: routing !== null,
      ringStrategy: routing?.ringStrategy ?? "simultaneous",
      businessHoursTarget: routing?.businessHoursTargetType ?? "voicemail",
      afterHoursTarget: routing?.afterHoursTargetType ?? "voicemail",
    },
    createdAt: number.createdAt,
  }));
}

/** The account's numbers with their E911 address and routing, and what the plan allows. */
export async function listNumbers(db: Database, accountId: string, query: ListNumbersQuery = {}) {
  const [rows, used, allowance, registeredAddress] = await Promise.all([
    selectNumbers(db, accountId, query),
    numbersHeld(db, accountId),
    currentAllowance(db, accountId),
    registeredAddressOf(db, accountId),
  ]);
  const page = pageOf(rows, query.limit);
  return {
    numbers: page.rows.map(({ sortKey: _sortKey, ...number }) => number),
    nextCursor: page.nextCursor,
    registeredAddress,
    usage: { plan: allowance.plan, maxNumbers: allowance.maxNumbers, tollFree: allowance.tollFree, used },
  };
}

/** The account's address from registration (or company settings), as an E911 address; null without one. */
async function registeredAddressOf(db: Database, accountId: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account?.addressLine1) return null;
  return {
    customerName: account.companyName,
    street: account.addressLine1,
    streetSecondary: account.addressLine2,
    city: account.city ?? "",
    region: account.stateProvince ?? "",
    postalCode: account.postalCode ?? "",
    isoCountry: account.country,
  };
}

export async function findNumber(db: Database, accountId: string, id: string) {
  const [found] = await selectNumbers(db, accountId, { id });
  if (!found) return null;
  const { sortKey: _sortKey, ...number } = found;
  return number;
}

/** Numbers for sale at the carrier. */
export async function searchAvailable(carrier: NumberCarrier, query: AvailableQuery) {
  const limit = NUMBER_LIMITS.searchResults;
  const isoCountry = query.country;
  const found = await carrier.searchAvailable(
    query.type === "local"
      ? { isoCountry, type: "local", areaCode: query.areaCode, region: query.state, limit }
      : { isoCountry, type: query.type, limit },
  );
  return found.map((n) => ({
    e164: n.e164,
    region: n.region,
    isoCountry: n.isoCountry,
    numberType: query.type,
    capabilities: n.capabilities,
  }));
}

export type BuyResult =
  | { ok: true; number: NonNullable<Awaited<ReturnType<typeof findNumber>>> }
  | PurchaseRefusal
  | { ok: false; reason: "carrier" | "not-available"; message: string };

type PurchaseRefusal =
  | { ok: false; reason: "unpaid-trial" | "limit" | "not-sold" | "funds"; message: string }
  | { ok: false; reason: "bundle"; field: string; message: string; notFound?: boolean }
  | { ok: false; reason: "request-not-found" | "request-closed" };

interface PurchaseClearance {
  ok: true;
  numberType: PhoneNumberType;
  allowance: Awaited<ReturnType<typeof currentAllowance>>;
  monthlyCents: number;
  bundleSid?: string;
  addressSid?: string;
}

const limitType = (type: PhoneNumberType) => (type === "toll-free" ? "toll-free" : "local");

async function requestRefusal(
  db: Database,
  accountId: string,
  requestId: string,
): Promise<PurchaseRefusal | null> {
  const [request] = await db
    .select({ status: phoneNumberRequests.status })
    .from(phoneNumberRequests)
    .where(and(eq(phoneNumberRequests.id, requestId), eq(phoneNumberRequests.accountId, accountId)));
  if (!request) return { ok: false, reason: "request-not-found" };
  if (request.status === "done" || request.status === "declined")
    return { ok: false, reason: "request-closed" };
  return null;
}

async function balanceOf(db: Database, accountId: string): Promise<number> {
  const [wallet] = await db
    .select({ balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.accountId, accountId));
  return wallet?.balanceCents ?? 0;
}

/**
 * Everything checked before the carrier is asked: the request it fulfils, an unpaid trial, the
 * plan's limit, abroad the regulation (an approved bundle) and the first month's price the wallet
 * must cover.
 */
async function purchaseClearance(
  ports: NumberPorts,
  accountId: string,
  body: BuyNumberBody,
): Promise<PurchaseClearance | PurchaseRefusal> {
  const { db } = ports;
  const request = body.requestId ? await requestRefusal(db, accountId, body.requestId) : null;
  if (request) return request;
  const unpaid = await numberPurchaseRefusal(db, accountId, new Date());
  if (unpaid) return { ok: false, reason: "unpaid-trial", message: unpaid };
  const { isoCountry, numberType } = numberKindOf(body.e164);
  const allowance = await currentAllowance(db, accountId);
  const refusal = numberLimitRefusal(allowance, await numbersHeld(db, accountId), limitType(numberType));
  if (refusal) return { ok: false, reason: "limit", message: refusal };
  const monthlyCents = await monthlyPriceOf(db, isoCountry, numberType);
  if (monthlyCents === null) return { ok: false, reason: "not-sold", message: abroadMessages.notSold };
  if (monthlyCents > 0 && (await balanceOf(db, accountId)) < monthlyCents)
    return { ok: false, reason: "funds", message: abroadMessages.funds };
  if (isHomeMarket(isoCountry)) return { ok: true, numberType, allowance, monthlyCents };
  if (!ports.international) return { ok: false, reason: "not-sold", message: abroadMessages.notSold };
  const cleared = await abroadClearance({ db, carrier: ports.international }, accountId, {
    isoCountry,
    numberType,
    bundleId: body.bundleId,
  });
  if (!cleared.ok) return cleared;
  return { ...cleared, numberType, allowance, monthlyCents };
}

/**
 * Buys a number at the carrier with our webhooks and records it. An unpaid trial buys nothing
 * (billing/unpaid-trial.ts). The plan's limit is checked before anything is bought, and again under a lock on the account when the number is recorded
 * (two buys at once): the loser's number goes back to the carrier.
 */
export async function buyNumber(
  ports: NumberPorts,
  accountId: string,
  body: BuyNumberBody,
): Promise<BuyResult> {
  const { db, carrier, webhookBaseUrl } = ports;
  const cleared = await purchaseClearance(ports, accountId, body);
  if (!cleared.ok) return cleared;
  const { numberType, allowance } = cleared;

  const friendlyName = body.friendlyName ?? "";
  let bought: Awaited<ReturnType<NumberCarrier["buy"]>>;
  try {
    bought = await carrier.buy({
      e164: body.e164,
      friendlyName: friendlyName || body.e164,
      voiceUrl: `${webhookBaseUrl}${voicePaths.incoming}`,
      statusCallback: `${webhookBaseUrl}${voicePaths.status}`,
      smsUrl: `${webhookBaseUrl}${smsPaths.incoming}`,
      bundleSid: cleared.bundleSid,
      addressSid: cleared.addressSid,
    });
  } catch (err) {
    if (!(err instanceof CarrierError)) throw err;
    return err.code === NUMBER_NOT_AVAILABLE
      ? { ok: false, reason: "not-available", message: numberMessages.notAvailable }
      : { ok: false, reason: "carrier", message: `The carrier refused the purchase: ${err.message}` };
  }

  const id = newId("number");
  let lateRefusal: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
      lateRefusal = numberLimitRefusal(allowance, await numbersHeld(tx, accountId), limitType(numberType));
      if (lateRefusal) return;
      await tx.insert(phoneNumbers).values({
        id,
        accountId,
        e164: bought.e164,
        friendlyName,
        numberType,
        carrierSid: bought.sid,
        voiceEnabled: bought.capabilities.voice,
        smsEnabled: bought.capabilities.sms,
      });
      await chargeFirstMonth(tx, accountId, { id, e164: bought.e164, monthlyCents: cleared.monthlyCents });
      await emitNumberEvent(tx, accountId, "number.purchased", {
        id,
        e164: bought.e164,
        friendlyName,
        numberType,
      });
      if (body.requestId)
        await tx
          .update(phoneNumberRequests)
          .set({ status: "done" })
          .where(
            and(eq(phoneNumberRequests.id, body.requestId), eq(phoneNumberRequests.accountId, accountId)),
          );
    });
  } catch (err) {
    await carrier.release(bought.sid);
    throw err;
  }
  if (lateRefusal) {
    await carrier.release(bought.sid);
    return { ok: false, reason: "limit", message: lateRefusal };
  }
  const number = await findNumber(db, accountId, id);
  if (!number) throw new Error(`bought number ${id} not found after insert`);
  return { ok: true, number };
}

/** A number's first month, from the wallet, in the transaction that records it (number_fee). */
async function chargeFirstMonth(
  tx: Database,
  accountId: string,
  number: { id: string; e164: string; monthlyCents: number },
) {
  if (number.monthlyCents <= 0) return;
  const now = new Date();
  await applyDebits(
    tx,
    accountId,
    [
      {
        type: "number_fee",
        amountCents: number.monthlyCents,
        idempotencyKey: `number_fee:${number.id}:${now.toISOString().slice(0, 7)}`,
        reference: number.id,
        description: `Number ${number.e164}: first month`,
      },
    ],
    now,
  );
}

/** Renames a number, at the carrier too. Null when the account has no such number. */
export async function renameNumber(ports: NumberPorts, accountId: string, id: string, friendlyName: string) {
  const number = await findNumber(ports.db, accountId, id);
  if (!number) return null;
  if (number.carrierSid)
    await ports.carrier.update(number.carrierSid, { friendlyName: friendlyName || number.e164 });
  await ports.db
    .update(phoneNumbers)
    .set({ friendlyName, updatedAt: sql`now()` })
    .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.accountId, accountId)));
  return { ...number, friendlyName };
}

/** Releases a number at the carrier, then forgets it (its routing and E911 address go with it). */
export async function releaseNumber(ports: NumberPorts, accountId: string, id: string): Promise<boolean> {
  const number = await findNumber(ports.db, accountId, id);
  if (!number) return false;
  if (number.carrierSid) await ports.carrier.release(number.carrierSid);
  await ports.db.transaction(async (tx) => {
    const gone = await tx
      .delete(phoneNumbers)
      .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.accountId, accountId)))
      .returning({ id: phoneNumbers.id });
    if (gone.length > 0) await emitNumberEvent(tx, accountId, "number.released", number);
  });
  if (number.e911Sid) await forgetAddress(ports.carrier, number.e911Sid);
  return true;
}

/** An address no number uses any more; a carrier that refuses to drop it keeps an orphan, not our problem to fail on. */
async function forgetAddress(carrier: NumberCarrier, sid: string) {
  try {
    await carrier.deleteAddress(sid);
  } catch (err) {
    if (!(err instanceof CarrierError)) throw err;
  }
}

export type EmergencyAddressResult =
  | { ok: true; number: NonNullable<Awaited<ReturnType<typeof findNumber>>> }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid" | "carrier"; message: string };

/**
 * Registers the address with the carrier for emergency calls (the carrier validates it), links it
 * to the number, then stores it; the address it replaces is removed at the carrier.
 */
export async function setEmergencyAddress(
  ports: NumberPorts,
  accountId: string,
  id: string,
  body: EmergencyAddressBody,
): Promise<EmergencyAddressResult> {
  const { db, carrier } = ports;
  const number = await findNumber(db, accountId, id);
  if (!number) return { ok: false, reason: "not-found" };
  if (!number.carrierSid)
    return { ok: false, reason: "carrier", message: "This number is not held at the carrier." };
  let addressSid: string;
  try {
    ({ sid: addressSid } = await carrier.createEmergencyAddress(body));
  } catch (err) {
    if (err instanceof CarrierError && err.status === 400)
      return {
        ok: false,
        reason: "invalid",
        message: `The carrier could not validate this address: ${err.message}`,
      };
    throw err;
  }
  try {
    await carrier.update(number.carrierSid, { emergencyAddressSid: addressSid });
  } catch (err) {
    await forgetAddress(carrier, addressSid);
    if (err instanceof CarrierError)
      return { ok: false, reason: "carrier", message: `The carrier refused the address: ${err.message}` };
    throw err;
  }
  const fields = { ...body, carrierSid: addressSid };
  await db
    .insert(emergencyAddresses)
    .values({ phoneNumberId: id, accountId, ...fields })
    .onConflictDoUpdate({
      target: emergencyAddresses.phoneNumberId,
      set: { ...fields, updatedAt: new Date() },
    });
  if (number.e911Sid && number.e911Sid !== addressSid) await forgetAddress(carrier, number.e911Sid);
  const updated = await findNumber(db, accountId, id);
  if (!updated) return { ok: false, reason: "not-found" };
  return { ok: true, number: updated };
}

/** The account's "request a phone number" rows (the public form, signed in), newest first. */
export async function listNumberRequests(db: Database, accountId: string) {
  return db
    .select({
      id: phoneNumberRequests.id,
      numberType: phoneNumberRequests.numberType,
      areaCode: phoneNumberRequests.areaCode,
      quantity: phoneNumberRequests.quantity,
      purpose: phoneNumberRequests.purpose,
      status: phoneNumberRequests.status,
      createdAt: phoneNumberRequests.createdAt,
    })
    .from(phoneNumberRequests)
    .where(eq(phoneNumberRequests.accountId, accountId))
    .orderBy(desc(phoneNumberRequests.createdAt));
}

/** A number's webhook event, in the transaction that bought or released it. */
function emitNumberEvent(
  tx: Database,
  accountId: string,
  type: "number.purchased" | "number.released",
  number: { id: string; e164: string; friendlyName: string; numberType: string },
) {
  const { id, e164, friendlyName, numberType } = number;
  const data = { id, e164, friendlyName, numberType, links: { self: `/v1/numbers/${id}` } };
  return emitWebhookEvent(tx, { accountId, type, at: new Date(), data });
}
