/**
 * The carrier's port-in webhooks, applied once each: the event goes in the request's history
 * under the carrier's idempotency key (a duplicate adds nothing), the request's or number's state
 * moves as the domain says, the owners are e-mailed (a job in the same transaction), and a number
 * that completed becomes one of the account's, taking over the temporary number's routing.
 */
import { type Database, newId, schema } from "@poundline/db";
import { voicePaths } from "@poundline/domain";
import { type PortInChange, portInChange, portInStatusLabels } from "@poundline/domain/porting";
import type { PortingCarrier } from "@poundline/platform/carrier/porting";
import { outboxRow } from "@poundline/platform/outbox";
import { and, eq } from "drizzle-orm";
import { smsPaths } from "../carrier/sms-paths";

const {
  greetings,
  jobOutbox,
  memberSettings,
  numberAutomations,
  numberRouting,
  phoneNumbers,
  portInEvents,
  portInNumbers,
  portInRequests,
} = schema;

/** The part of the carrier's JSON body we read. */
export interface PortingWebhook {
  event_type: string;
  port_in_request_sid: string;
  port_in_phone_number_sid?: string | undefined;
  phone_number?: string | undefined;
  rejection_reason?: string | null | undefined;
  port_date?: string | null | undefined;
}

export interface PortingEventPorts {
  db: Database;
  carrier: PortingCarrier;
  webhookBaseUrl: string;
  clock: () => Date;
}

export type PortingEventOutcome = "applied" | "duplicate" | "unknown-request" | "no-change";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type RequestRow = typeof portInRequests.$inferSelect;
type NumberRow = typeof portInNumbers.$inferSelect;

/** Reads the carrier's body: null when it is not a port-in event. */
export function parsePortingWebhook(body: unknown): PortingWebhook | null {
  if (typeof body !== "object" || body === null) return null;
  const event = body as Record<string, unknown>;
  if (typeof event.event_type !== "string" || typeof event.port_in_request_sid !== "string") return null;
  return event as unknown as PortingWebhook;
}

function describe(event: PortingWebhook, change: PortInChange): string {
  if (change.kind === "none") return `${event.event_type} (no change)`;
  const label = portInStatusLabels[change.status];
  if (change.kind === "request") return `Request: ${label}`;
  const reason = event.rejection_reason ? ` (${event.rejection_reason})` : "";
  return `${event.phone_number ?? "Number"}: ${label}${reason}`;
}

async function lockRequest(tx: Tx, carrierSid: string): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(portInRequests)
    .where(eq(portInRequests.carrierSid, carrierSid))
    .for("update");
  return row;
}

async function numberOf(tx: Tx, request: RequestRow, event: PortingWebhook): Promise<NumberRow | undefined> {
  if (!event.port_in_phone_number_sid) return undefined;
  const [row] = await tx
    .select()
    .from(portInNumbers)
    .where(
      and(
        eq(portInNumbers.requestId, request.id),
        eq(portInNumbers.carrierSid, event.port_in_phone_number_sid),
      ),
    );
  return row;
}

/** Records the event under its key; false when it was recorded before (a duplicate delivery). */
async function recordOnce(tx: Tx, request: RequestRow, key: string, detail: string, kind: string) {
  const inserted = await tx
    .insert(portInEvents)
    .values({
      id: newId("portInEvent"),
      requestId: request.id,
      accountId: request.accountId,
      kind,
      detail,
      carrierKey: key,
    })
    .onConflictDoNothing()
    .returning({ id: portInEvents.id });
  return inserted[0]?.id ?? null;
}

async function applyChange(
  tx: Tx,
  request: RequestRow,
  number: NumberRow | undefined,
  change: PortInChange,
  event: PortingWebhook,
  now: Date,
) {
  if (change.kind === "request") {
    await tx
      .update(portInRequests)
      .set({ status: change.status, updatedAt: now })
      .where(eq(portInRequests.id, request.id));
  } else if (change.kind === "number" && number) {
    await tx
      .update(portInNumbers)
      .set({
        status: change.status,
        updatedAt: now,
        ...(event.rejection_reason ? { rejectionReason: event.rejection_reason } : {}),
        ...(event.port_date ? { portDate: new Date(event.port_date) } : {}),
      })
      .where(eq(portInNumbers.id, number.id));
  }
}

/**
 * The ported number joins the account (pointed at our webhooks at the carrier first), and takes
 * the temporary number's routing the first time one of the request's numbers completes.
 */
async function adoptPorted(tx: Tx, request: RequestRow, number: NumberRow, carrierSid: string, now: Date) {
  const id = newId("number");
  await tx
    .insert(phoneNumbers)
    .values({
      id,
      accountId: request.accountId,
      e164: number.e164,
      friendlyName: "Ported number",
      carrierSid,
    })
    .onConflictDoNothing();
  const [held] = await tx
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.e164, number.e164));
  if (!held) return;
  await tx.update(portInNumbers).set({ phoneNumberId: held.id }).where(eq(portInNumbers.id, number.id));
  if (!request.temporaryNumberId || request.routingMovedAt) return;
  await moveRouting(tx, request, request.temporaryNumberId, held.id);
  await tx.update(portInRequests).set({ routingMovedAt: now }).where(eq(portInRequests.id, request.id));
}

/**
 * What callers and texters of the temporary number met becomes the ported number's: its routing
 * row, its automated texts, its greetings and the person whose direct line it was. The temporary
 * number goes back to the defaults (it may be released once the port is done).
 */
async function moveRouting(tx: Tx, request: RequestRow, fromId: string, toId: string) {
  const { accountId } = request;
  const [routing] = await tx
    .select()
    .from(numberRouting)
    .where(and(eq(numberRouting.phoneNumberId, fromId), eq(numberRouting.accountId, accountId)));
  if (!routing) return;
  await tx.delete(numberRouting).where(eq(numberRouting.phoneNumberId, toId));
  await tx.insert(numberRouting).values({ ...routing, phoneNumberId: toId });
  await tx.delete(numberRouting).where(eq(numberRouting.phoneNumberId, fromId));
  await moveNumberSettings(tx, accountId, fromId, toId);
  await tx.insert(portInEvents).values({
    id: newId("portInEvent"),
    requestId: request.id,
    accountId,
    kind: "routing-moved",
    detail:
      "The temporary number's routing, automated texts, greetings and direct line moved to the ported number",
  });
}

/** The rows keyed by a number that the ported number takes over (it is new: it has none of its own). */
async function moveNumberSettings(tx: Tx, accountId: string, fromId: string, toId: string) {
  await tx
    .update(numberAutomations)
    .set({ phoneNumberId: toId })
    .where(and(eq(numberAutomations.phoneNumberId, fromId), eq(numberAutomations.accountId, accountId)));
  await tx
    .update(greetings)
    .set({ phoneNumberId: toId })
    .where(and(eq(greetings.phoneNumberId, fromId), eq(greetings.accountId, accountId)));
  await tx
    .update(memberSettings)
    .set({ directNumberId: toId })
    .where(and(eq(memberSettings.directNumberId, fromId), eq(memberSettings.accountId, accountId)));
}

/** Points a completed number at our webhooks at the carrier; its sid (done before the transaction). */
async function configureAtCarrier(ports: PortingEventPorts, event: PortingWebhook): Promise<string | null> {
  if (event.event_type !== "PortInPhoneNumberCompleted" || !event.phone_number) return null;
  const base = ports.webhookBaseUrl;
  const configured = await ports.carrier.configurePorted(event.phone_number, {
    voiceUrl: `${base}${voicePaths.incoming}`,
    statusCallback: `${base}${voicePaths.status}`,
    smsUrl: `${base}${smsPaths.incoming}`,
  });
  return configured.sid;
}

/** Applies one verified porting webhook; `key` is the carrier's idempotency token of it. */
export async function applyPortingWebhook(
  ports: PortingEventPorts,
  event: PortingWebhook,
  key: string,
): Promise<PortingEventOutcome> {
  const carrierNumberSid = await configureAtCarrier(ports, event);
  const now = ports.clock();
  return ports.db.transaction(async (tx) => {
    const request = await lockRequest(tx, event.port_in_request_sid);
    if (!request) return "unknown-request";
    const number = await numberOf(tx, request, event);
    const change = portInChange(event.event_type, {
      request: request.status,
      number: number?.status ?? null,
    });
    const eventId = await recordOnce(tx, request, key, describe(event, change), event.event_type);
    if (!eventId) return "duplicate";
    if (change.kind === "none") return "no-change";
    await applyChange(tx, request, number, change, event, now);
    if (change.kind === "number" && change.status === "completed" && number && carrierNumberSid)
      await adoptPorted(tx, request, number, carrierNumberSid, now);
    await tx
      .insert(jobOutbox)
      .values(
        outboxRow(
          { queue: "notifications", name: "port-in-changed", jobId: `port-in-changed:${eventId}` },
          { eventId },
        ),
      );
    return "applied";
  });
}

/** Whether an applied event changed what calls to the account's numbers reach (a number joined). */
export const changesRouting = (event: PortingWebhook) => event.event_type === "PortInPhoneNumberCompleted";
