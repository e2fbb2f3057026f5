/** Delivery progress of an outbound message, in the order the carrier reports it. */
const progress = ["accepted", "queued", "sending", "sent", "delivered", "read"] as const;
/** Terminal failures: they beat any status short of delivered, and nothing moves them. */
const failures = ["undelivered", "failed"] as const;

export const outboundStatuses = [...progress, ...failures] as const;
export type OutboundStatus = (typeof outboundStatuses)[number];

export function isOutboundStatus(value: string): value is OutboundStatus {
  return (outboundStatuses as readonly string[]).includes(value);
}

/**
 * The stored statuses a delivery report of `next` may replace: an earlier step of the progress,
 * or, for a failure, anything short of delivered. Duplicates and late reports match nothing.
 */
export function statusesOvertakenBy(next: OutboundStatus): OutboundStatus[] {
  if ((failures as readonly string[]).includes(next)) return ["accepted", "queued", "sending", "sent"];
  return progress.slice(0, progress.indexOf(next as (typeof progress)[number]));
}

/**
 * The carrier has sent the message on (sent, delivered, read, or undelivered by the handset's
 * network): it is charged, once, whichever of these reports arrives first. Failed is never sent.
 */
export function isCharged(status: string): boolean {
  return status === "sent" || status === "delivered" || status === "read" || status === "undelivered";
}

/** The status to store for the carrier's answer to a send (its list is longer than ours). */
export function outboundStatusOf(carrierStatus: string): OutboundStatus {
  if (isOutboundStatus(carrierStatus)) return carrierStatus;
  if (carrierStatus === "partially_delivered") return "delivered";
  if (carrierStatus === "canceled") return "failed";
  return "queued";
}
