import { type CreatePortInBody, type PortIn, portingMessages } from "@poundline/contracts/porting/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { portInEvents as carrierEventNames } from "@poundline/domain/porting";
import { CarrierError } from "@poundline/platform/carrier/client";
import type { Portability, PortingCarrier } from "@poundline/platform/carrier/porting";
import { storageKeys } from "@poundline/platform/storage/keys";
import type { FileStorage } from "@poundline/platform/storage/port";
import { and, eq } from "drizzle-orm";
import { renderLoaPdf } from "./loa-pdf";
import { readPortIn } from "./queries";

const { accounts, phoneNumbers, portInEvents, portInNumbers, portInRequests } = schema;

/** Where the carrier posts port-in events: outside /twilio's form-only scope (they are JSON). */
export const PORTING_WEBHOOK_PATH = "/twilio-porting/port-in";

export interface PortingPorts {
  db: Database;
  carrier: PortingCarrier;
  storage: FileStorage;
  clock: () => Date;
  /** Our public base URL, where the carrier posts port-in events. */
  webhookBaseUrl: string;
}

export type PortInWrite =
  | { ok: true; request: PortIn }
  | { ok: false; reason: "not-found" | "temporary-number" | "settled" }
  | { ok: false; reason: "not-portable"; fields: Record<string, string[]> }
  | { ok: false; reason: "carrier"; message: string };

/** The carrier's word on each number, in the order asked. */
export async function checkPortability(carrier: PortingCarrier, numbers: string[]): Promise<Portability[]> {
  return Promise.all(numbers.map((e164) => carrier.portability(e164)));
}

function notPortableFields(results: Portability[]): Record<string, string[]> | null {
  const fields: Record<string, string[]> = {};
  results.forEach((result, i) => {
    if (!result.portable)
      fields[`body.numbers.${i}`] = [portingMessages.notPortable(result.e164, result.reason ?? "refused")];
  });
  return Object.keys(fields).length > 0 ? fields : null;
}

async function ownsNumber(db: Database, accountId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.accountId, accountId)));
  return row !== undefined;
}

/** The signed letter, rendered and stored; its key. */
async function storeLetter(ports: PortingPorts, accountId: string, id: string, body: CreatePortInBody) {
  const [account] = await ports.db
    .select({ company: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const { address, signature } = body;
  const drawing = signature.drawing ? Buffer.from(signature.drawing.split(",")[1] ?? "", "base64") : null;
  const pdf = await renderLoaPdf({
    company: account?.company ?? "",
    customerName: body.customerName,
    accountNumber: body.accountNumber,
    authorizedName: body.authorizedName,
    authorizedEmail: body.authorizedEmail,
    address: [
      address.street,
      address.street2 ?? "",
      `${address.city}, ${address.state} ${address.zip}`,
      address.country,
    ].filter(Boolean),
    numbers: body.numbers,
    targetDate: body.targetDate,
    signerName: signature.signerName,
    drawing,
    signedAt: ports.clock(),
  });
  const key = storageKeys.portInLetter(accountId, id);
  await ports.storage.put(key, pdf);
  return key;
}

/** The request as signed, before the carrier has it (`draft`), with its numbers. */
async function insertDraft(
  ports: PortingPorts,
  ids: { accountId: string; userId: string | null; id: string; loaKey: string },
  body: CreatePortInBody,
) {
  const now = ports.clock();
  await ports.db.transaction(async (tx) => {
    await tx.insert(portInRequests).values({
      id: ids.id,
      accountId: ids.accountId,
      createdBy: ids.userId,
      status: "draft",
      customerName: body.customerName,
      customerType: body.customerType,
      carrierAccountNumber: body.accountNumber,
      authorizedName: body.authorizedName,
      authorizedEmail: body.authorizedEmail,
      serviceAddress: body.address,
      targetDate: body.targetDate,
      loaKey: ids.loaKey,
      signerName: body.signature.signerName,
      signedAt: now,
      temporaryNumberId: body.temporaryNumberId ?? null,
    });
    await tx.insert(portInNumbers).values(
      body.numbers.map((e164) => ({
        id: newId("portInNumber"),
        requestId: ids.id,
        accountId: ids.accountId,
        e164,
        status: "in_review" as const,
      })),
    );
    await tx.insert(portInEvents).values({
      id: newId("portInEvent"),
      requestId: ids.id,
      accountId: ids.accountId,
      kind: "signed",
      detail: `Letter of authorisation signed by ${body.signature.signerName}`,
    });
  });
}

/** Submits the draft to the carrier and records its ids; the draft goes if the carrier refuses. */
async function submitDraft(ports: PortingPorts, accountId: string, id: string, body: CreatePortInBody) {
  const { db, carrier } = ports;
  try {
    await carrier.configureWebhook(`${ports.webhookBaseUrl}${PORTING_WEBHOOK_PATH}`, carrierEventNames);
    const submitted = await carrier.submit({
      numbers: body.numbers,
      customerName: body.customerName,
      customerType: body.customerType,
      accountNumber: body.accountNumber,
      authorizedName: body.authorizedName,
      authorizedEmail: body.authorizedEmail,
      address: body.address,
      targetDate: body.targetDate,
      notificationEmails: [body.authorizedEmail],
    });
    await db.transaction(async (tx) => {
      await tx
        .update(portInRequests)
        .set({ status: "in_review", carrierSid: submitted.sid, updatedAt: ports.clock() })
        .where(and(eq(portInRequests.id, id), eq(portInRequests.accountId, accountId)));
      for (const number of submitted.numbers)
        await tx
          .update(portInNumbers)
          .set({ carrierSid: number.sid })
          .where(and(eq(portInNumbers.requestId, id), eq(portInNumbers.e164, number.e164)));
      await tx.insert(portInEvents).values({
        id: newId("portInEvent"),
        requestId: id,
        accountId,
        kind: "submitted",
        detail: `Submitted to the carrier (${submitted.sid}), in review`,
      });
    });
    return null;
  } catch (err) {
    if (!(err instanceof CarrierError)) throw err;
    await db
      .delete(portInRequests)
      .where(and(eq(portInRequests.id, id), eq(portInRequests.accountId, accountId)));
    await ports.storage.delete(storageKeys.portInLetter(accountId, id));
    return `The carrier refused the request: ${err.message}`;
  }
}

/**
 * Signs and submits a port-in: the numbers must port (the carrier says), the temporary number
 * be the account's; the letter is stored as a PDF, then the request goes to the carrier.
 */
export async function createPortIn(
  ports: PortingPorts,
  who: { accountId: string; userId: string | null },
  body: CreatePortInBody,
): Promise<PortInWrite> {
  const { accountId } = who;
  if (body.temporaryNumberId && !(await ownsNumber(ports.db, accountId, body.temporaryNumberId)))
    return { ok: false, reason: "temporary-number" };
  const refused = notPortableFields(await checkPortability(ports.carrier, body.numbers));
  if (refused) return { ok: false, reason: "not-portable", fields: refused };
  const id = newId("portInRequest");
  const loaKey = await storeLetter(ports, accountId, id, body);
  await insertDraft(ports, { ...who, id, loaKey }, body);
  const carrierRefusal = await submitDraft(ports, accountId, id, body);
  if (carrierRefusal) return { ok: false, reason: "carrier", message: carrierRefusal };
  const request = await readPortIn(ports.db, accountId, id);
  if (!request) throw new Error(`port-in ${id} not found after insert`);
  return { ok: true, request };
}

/** Cancels a request at the carrier and here; a completed or canceled one stays as it is. */
export async function cancelPortIn(ports: PortingPorts, accountId: string, id: string): Promise<PortInWrite> {
  const found = await readPortIn(ports.db, accountId, id);
  if (!found) return { ok: false, reason: "not-found" };
  if (found.status === "completed" || found.status === "canceled") return { ok: false, reason: "settled" };
  if (found.carrierSid) await ports.carrier.cancel(found.carrierSid);
  await ports.db.transaction(async (tx) => {
    await tx
      .update(portInRequests)
      .set({ status: "canceled", updatedAt: ports.clock() })
      .where(and(eq(portInRequests.id, id), eq(portInRequests.accountId, accountId)));
    await tx.insert(portInEvents).values({
      id: newId("portInEvent"),
      requestId: id,
      accountId,
      kind: "canceled",
      detail: "Canceled from the console",
    });
  });
  const request = await readPortIn(ports.db, accountId, id);
  return request ? { ok: true, request } : { ok: false, reason: "not-found" };
}
