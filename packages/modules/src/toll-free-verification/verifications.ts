import type {
  TollFreeProfileBody,
  TollFreeVerificationState,
} from "@poundline/contracts/toll-free-verification/schemas";
import type { Database } from "@poundline/db";
import { newId, schema } from "@poundline/db";
import {
  isUnderReview,
  TOLL_FREE_STATUS,
  TOLL_FREE_VERIFICATION_FEE_CENTS,
} from "@poundline/domain/toll-free-verification";
import { CarrierError } from "@poundline/platform/carrier/client";
import type { CarrierTollFreeVerification, TollFreeCarrier } from "@poundline/platform/carrier/toll-free";
import { and, eq } from "drizzle-orm";

const { phoneNumbers, tollFreeVerifications } = schema;

export interface TollFreePorts {
  db: Database;
  carrier: TollFreeCarrier;
  clock: () => Date;
}

export type TollFreeAnswer =
  | { ok: true; state: TollFreeVerificationState }
  | {
      ok: false;
      reason: "not-found" | "not-toll-free" | "not-bought" | "submitted" | "not-submitted" | "not-editable";
    }
  | { ok: false; reason: "carrier"; detail: string };

type VerificationRow = typeof tollFreeVerifications.$inferSelect;

async function loadNumber(db: Database, accountId: string, numberId: string) {
  const [number] = await db
    .select({
      id: phoneNumbers.id,
      e164: phoneNumbers.e164,
      friendlyName: phoneNumbers.friendlyName,
      numberType: phoneNumbers.numberType,
      carrierSid: phoneNumbers.carrierSid,
    })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.id, numberId)))
    .limit(1);
  if (!number) return null;
  const [verification] = await db
    .select()
    .from(tollFreeVerifications)
    .where(
      and(eq(tollFreeVerifications.accountId, accountId), eq(tollFreeVerifications.phoneNumberId, numberId)),
    )
    .limit(1);
  return { number, verification: verification ?? null };
}

function stateOf(
  number: { id: string; e164: string; friendlyName: string },
  row: VerificationRow | null,
): TollFreeVerificationState {
  return {
    number: { id: number.id, e164: number.e164, friendlyName: number.friendlyName },
    feeCents: TOLL_FREE_VERIFICATION_FEE_CENTS,
    verification: row && {
      id: row.id,
      status: row.status,
      rejectionReason: row.rejectionReason,
      editable: row.status === TOLL_FREE_STATUS.rejected,
      profile: row.profile as TollFreeProfileBody,
      submittedAt: row.submittedAt,
      decidedAt: row.decidedAt,
    },
  };
}

/** The carrier's view onto the row; a decision keeps its time. */
async function storeCarrierView(
  ports: TollFreePorts,
  row: VerificationRow,
  view: CarrierTollFreeVerification,
): Promise<VerificationRow> {
  const now = ports.clock();
  const decided = !isUnderReview(view.status);
  const [stored] = await ports.db
    .update(tollFreeVerifications)
    .set({
      status: view.status,
      rejectionReason: view.status === TOLL_FREE_STATUS.rejected ? (view.rejectionReason ?? "") : null,
      decidedAt: decided ? (row.status === view.status && row.decidedAt ? row.decidedAt : now) : null,
      statusCheckedAt: now,
      updatedAt: now,
    })
    .where(and(eq(tollFreeVerifications.id, row.id), eq(tollFreeVerifications.accountId, row.accountId)))
    .returning();
  return stored ?? row;
}

/**
 * A toll-free number's verification; while the carrier is still deciding, its status is asked
 * again on each read, so the console (which reads it every few seconds) follows the review.
 */
export async function readTollFreeVerification(
  ports: TollFreePorts,
  accountId: string,
  numberId: string,
): Promise<TollFreeAnswer> {
  const found = await loadNumber(ports.db, accountId, numberId);
  if (!found) return { ok: false, reason: "not-found" };
  if (found.number.numberType !== "toll-free") return { ok: false, reason: "not-toll-free" };
  let row = found.verification;
  if (row && isUnderReview(row.status)) {
    // The carrier unreachable or refusing: the stored status stands until the next read.
    const view = await ports.carrier.fetch(row.carrierSid).catch((err: unknown) => {
      if (err instanceof CarrierError) return null;
      throw err;
    });
    if (view) row = await storeCarrierView(ports, row, view);
  }
  return { ok: true, state: stateOf(found.number, row) };
}

const refusedByCarrier = (err: unknown): TollFreeAnswer => {
  if (err instanceof CarrierError && err.status < 500)
    return { ok: false, reason: "carrier", detail: err.message };
  throw err;
};

/** Submits a toll-free number's business profile to the carrier and records it (no fee today). */
export async function submitTollFreeVerification(
  ports: TollFreePorts,
  accountId: string,
  numberId: string,
  profile: TollFreeProfileBody,
): Promise<TollFreeAnswer> {
  const found = await loadNumber(ports.db, accountId, numberId);
  if (!found) return { ok: false, reason: "not-found" };
  const { number } = found;
  if (number.numberType !== "toll-free") return { ok: false, reason: "not-toll-free" };
  if (!number.carrierSid) return { ok: false, reason: "not-bought" };
  if (found.verification) return { ok: false, reason: "submitted" };
  let view: CarrierTollFreeVerification;
  try {
    view = await ports.carrier.submit(number.carrierSid, profile);
  } catch (err) {
    return refusedByCarrier(err);
  }
  const now = ports.clock();
  const [row] = await ports.db
    .insert(tollFreeVerifications)
    .values({
      id: newId("tollFreeVerification"),
      accountId,
      phoneNumberId: number.id,
      carrierSid: view.sid,
      status: view.status,
      profile,
      submittedAt: now,
      statusCheckedAt: now,
    })
    .onConflictDoNothing({ target: tollFreeVerifications.phoneNumberId })
    .returning();
  if (!row) return { ok: false, reason: "submitted" };
  return { ok: true, state: stateOf(number, row) };
}

/** Corrects a rejected verification and sends it back to the carrier's review. */
export async function resubmitTollFreeVerification(
  ports: TollFreePorts,
  accountId: string,
  numberId: string,
  profile: TollFreeProfileBody,
): Promise<TollFreeAnswer> {
  const found = await loadNumber(ports.db, accountId, numberId);
  if (!found) return { ok: false, reason: "not-found" };
  if (found.number.numberType !== "toll-free") return { ok: false, reason: "not-toll-free" };
  const row = found.verification;
  if (!row) return { ok: false, reason: "not-submitted" };
  if (row.status !== TOLL_FREE_STATUS.rejected) return { ok: false, reason: "not-editable" };
  let view: CarrierTollFreeVerification;
  try {
    view = await ports.carrier.resubmit(row.carrierSid, profile);
  } catch (err) {
    return refusedByCarrier(err);
  }
  const now = ports.clock();
  const [stored] = await ports.db
    .update(tollFreeVerifications)
    .set({
      status: view.status,
      rejectionReason: null,
      decidedAt: null,
      profile,
      submittedAt: now,
      statusCheckedAt: now,
      updatedAt: now,
    })
    .where(and(eq(tollFreeVerifications.id, row.id), eq(tollFreeVerifications.accountId, accountId)))
    .returning();
  return { ok: true, state: stateOf(found.number, stored ?? row) };
}
