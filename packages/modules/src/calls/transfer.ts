import { TRANSFER_MESSAGES } from "@poundline/contracts/calls/schemas";
import { type Database, schema } from "@poundline/db";
import {
  type CallContext,
  type CallParties,
  type RoutingTable,
  renderStep,
  type TransferTarget,
  type TwimlOptions,
  transferStep,
} from "@poundline/domain";
import { memberOfSoftphone } from "@poundline/domain/members";
import { toE164 } from "@poundline/domain/phone";
import type { CallControl, CarrierCall } from "@poundline/platform/carrier/call-control";
import { CALL_NOT_IN_PROGRESS, CarrierError } from "@poundline/platform/carrier/client";
import { and, eq } from "drizzle-orm";
import { refuseDestination } from "../destinations/policy";

export interface TransferPorts {
  db: Database;
  table: RoutingTable;
  calls: CallControl;
  twiml: TwimlOptions;
  now: Date;
}

export type TransferResult =
  | { ok: true; target: TransferTarget }
  | { ok: false; reason: "not-found" | "ended"; message: string }
  | { ok: false; reason: "target"; field: string; message: string };

/** The account's number an incoming call came on, or that a member's softphone called from. */
function numberOfCall(table: RoutingTable, accountId: string, call: CarrierCall): string | null | undefined {
  const softphone = call.from.startsWith("client:") ? memberOfSoftphone(call.from) : null;
  if (softphone) return softphone.accountId === accountId ? null : undefined;
  const entry = table.byNumber.get(call.direction === "inbound" ? call.to : call.from);
  if (entry?.kind === "owned") return entry.route.accountId === accountId ? entry.route.numberId : undefined;
  if (entry?.kind === "shared")
    return entry.shared.licensedAccountIds?.includes(accountId) ? null : undefined;
  return undefined;
}

const isClient = (address: string | null) => Boolean(address?.startsWith("client:"));

/**
 * Which number's routing the call is the account's by: its log when the carrier reported it,
 * else the carrier's own view of the call (an incoming call is logged when it ends); and whether
 * a member placed it from the browser. Undefined: not this account's call.
 */
export async function callOfAccount(ports: TransferPorts, accountId: string, callSid: string) {
  const [log] = await ports.db
    .select({
      numberId: schema.callLogs.phoneNumberId,
      from: schema.callLogs.fromNumber,
      to: schema.callLogs.toNumber,
      dialled: schema.callLogs.dialledNumber,
      parent: schema.callLogs.parentCallSid,
    })
    .from(schema.callLogs)
    .where(and(eq(schema.callLogs.accountId, accountId), eq(schema.callLogs.callSid, callSid)))
    .limit(1);
  if (log) {
    const placedInBrowser = log.parent === null && isClient(log.dialled);
    return { numberId: log.numberId, from: log.from, to: log.to, placedInBrowser };
  }
  const call = await ports.calls.fetchCall(callSid);
  const numberId = call ? numberOfCall(ports.table, accountId, call) : undefined;
  if (!call || numberId === undefined) return undefined;
  const placedInBrowser = call.parentCallSid === null && isClient(call.from);
  return { numberId, from: call.from, to: call.to, placedInBrowser };
}

/**
 * The call that moves, and as whose call it is routed: an incoming caller's own call; for a call
 * a member placed from the browser, the callee's leg, routed as a call from the callee to the
 * account's number (the member's call then ends with its Dial). Null: the callee is not on.
 */
async function transferredCall(
  ports: TransferPorts,
  callSid: string,
  call: { from: string; to: string; placedInBrowser: boolean },
): Promise<{ callSid: string; parties: CallParties & { callSid: string } } | null> {
  if (!call.placedInBrowser) return { callSid, parties: { from: call.from, to: call.to, callSid } };
  const callee = await ports.calls.answeredLegOf(callSid);
  if (!callee) return null;
  return {
    callSid: callee.sid,
    parties: { from: callee.to, to: callee.from, callSid: callee.sid, leg: true },
  };
}

/** An outside number the account may call, as E.164; or why not. */
export async function outsideNumber(db: Database, accountId: string, typed: string) {
  const number = toE164(typed);
  if (!number) return { ok: false as const, message: TRANSFER_MESSAGES.number };
  const refused = await refuseDestination(db, accountId, number);
  return refused ? { ok: false as const, message: refused.message } : { ok: true as const, number };
}

/**
 * A cold transfer: the caller's call gets new TwiML, routing it to the target as from its number;
 * the carrier hangs up whoever had taken it. The step is the call flow's (ringing, hunting and
 * voicemail as for a call routed there), so nothing new is said to the caller.
 */
export async function transferCall(
  ports: TransferPorts,
  input: { accountId: string; callSid: string; target: TransferTarget },
): Promise<TransferResult> {
  const call = await callOfAccount(ports, input.accountId, input.callSid);
  if (!call) return { ok: false, reason: "not-found", message: TRANSFER_MESSAGES.notFound };
  let target = input.target;
  if (target.kind === "number") {
    const outside = await outsideNumber(ports.db, input.accountId, target.number);
    if (!outside.ok)
      return { ok: false, reason: "target", field: "body.target.number", message: outside.message };
    target = { kind: "number", number: outside.number };
  }
  const context: CallContext = { accountId: input.accountId, numberId: call.numberId };
  const step = transferStep(ports.table, context, target, ports.now);
  if (!step) return { ok: false, reason: "target", field: "body.target", message: TRANSFER_MESSAGES.target };
  const moved = await transferredCall(ports, input.callSid, call);
  if (!moved) return { ok: false, reason: "ended", message: TRANSFER_MESSAGES.ended };
  const twiml = renderStep(step, ports.twiml, moved.parties);
  try {
    await ports.calls.redirectCall(moved.callSid, twiml);
  } catch (err) {
    if (err instanceof CarrierError && (err.code === CALL_NOT_IN_PROGRESS || err.status === 404))
      return { ok: false, reason: "ended", message: TRANSFER_MESSAGES.ended };
    throw err;
  }
  return { ok: true, target };
}
