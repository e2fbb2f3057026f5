import type { ActiveCall } from "../../api/console";

/** A call as the live events last described it. */
export interface LiveCall {
  callSid: string;
  from: string;
  to: string;
  direction: string;
  status: string;
  /** When the event was published. */
  at: string;
  /** When this console first heard of the call. */
  firstSeen: string;
  /** Taken on a member's phone, as its leg reported. */
  answeredOn?: "phone" | undefined;
}

export const ACTIVE_STATUSES = new Set(["queued", "initiated", "ringing", "in-progress"]);
/** A call that ended stays in the panel this long, so a short call is seen at all. */
export const ENDED_SHOWN_MS = 15_000;

/** The latest state of each call heard of, by CallSid (an older event never overrides a newer one). */
export function applyCallEvent(
  calls: ReadonlyMap<string, LiveCall>,
  event: Omit<LiveCall, "firstSeen">,
): Map<string, LiveCall> {
  const next = new Map(calls);
  const known = next.get(event.callSid);
  if (known && Date.parse(known.at) > Date.parse(event.at)) return next;
  // A phone's answer stays known when the call's later events (its end) do not repeat it.
  const answeredOn = event.answeredOn ?? known?.answeredOn;
  next.set(event.callSid, {
    ...event,
    firstSeen: known?.firstSeen ?? event.at,
    ...(answeredOn ? { answeredOn } : {}),
  });
  return next;
}

export interface PanelCall {
  key: string;
  other: string;
  ourNumber: string;
  direction: string;
  status: string;
  name: string | null;
  /** Start of the call's elapsed time. */
  since: string;
  ended: boolean;
  /** Taken on a member's phone: its room is controlled from Active Calls. */
  onPhone: boolean;
}

/**
 * The Active calls panel's rows: the server's active calls, updated by the live events, plus
 * calls heard of live; an ended call is kept for ENDED_SHOWN_MS after its last event.
 */
export function panelCalls(
  server: readonly ActiveCall[],
  live: ReadonlyMap<string, LiveCall>,
  now: number,
): PanelCall[] {
  const rows = new Map<string, PanelCall>();
  for (const call of server) {
    const inbound = call.direction === "inbound";
    rows.set(call.callSid, {
      key: call.callSid,
      other: inbound ? call.fromNumber : call.toNumber,
      ourNumber: inbound ? call.toNumber : call.fromNumber,
      direction: call.direction,
      status: call.callStatus,
      name: call.contactName,
      since: call.answeredAt ?? call.callStartTime,
      ended: false,
      onPhone: call.answeredOn === "phone",
    });
  }
  for (const call of live.values()) {
    const ended = !ACTIVE_STATUSES.has(call.status);
    const known = rows.get(call.callSid);
    if (ended && now - Date.parse(call.at) > ENDED_SHOWN_MS) {
      rows.delete(call.callSid);
      continue;
    }
    const inbound = call.direction === "inbound";
    rows.set(call.callSid, {
      key: call.callSid,
      other: inbound ? call.from : call.to,
      ourNumber: inbound ? call.to : call.from,
      direction: call.direction,
      status: call.status,
      name: known?.name ?? null,
      since: known?.since ?? call.firstSeen,
      ended,
      onPhone: call.answeredOn === "phone" || (known?.onPhone ?? false),
    });
  }
  return [...rows.values()].sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
}

/** The team's side of a call: the names of the members on it (who answered, or who placed it). */
export function membersOnCall(
  members: readonly { name: string; callSids: readonly string[] }[],
  callSid: string,
): string[] {
  return members.filter((m) => m.callSids.includes(callSid)).map((m) => m.name);
}
