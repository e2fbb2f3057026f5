/**
 * Outgoing webhooks, the pure part: when a failed delivery is tried again, which addresses a
 * delivery may never reach, and which waiting deliveries may go now. No I/O, no clock.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The wait before each retry, after the first attempt failed (Svix's schedule): 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h, 24 h. About three and a half days in all.
 */
export const webhookRetryDelaysMs = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
] as const;

/** A subscription whose every attempt has failed for this long is turned off. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * DAY;

/** The wait before the next attempt after `failedAttempts` scheduled attempts failed; null: give up. */
export function nextRetryDelayMs(failedAttempts: number): number | null {
  if (failedAttempts < 1) return 0;
  return webhookRetryDelaysMs[failedAttempts - 1] ?? null;
}

/** Whether a subscription failing since `failingSince` has failed long enough to be turned off at `now`. */
export function shouldDisable(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS;
}

/** An IPv4 address as a 32-bit number, or null when `text` is not one in dotted-quad form. */
function ipv4Number(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** IPv4 ranges no webhook reaches: [first address, prefix length, what it is]. */
const forbiddenV4: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function v4Refusal(address: number): string | null {
  for (const [first, bits, what] of forbiddenV4) {
    const base = ipv4Number(first) ?? 0;
    const size = 2 ** (32 - bits);
    if (address >= base && address < base + size) return what;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase().replace(/%.*$/, "");
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (tail) {
    const v4 = ipv4Number(tail);
    if (v4 === null) return null;
    address = `${address.slice(0, -tail.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string | undefined) => (half ? half.split(":") : []);
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

function v6Refusal(groups: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroHead && g5 === 0 && g6 === 0 && g7 === 0) return "unspecified";
  if (zeroHead && g5 === 0 && g6 === 0 && g7 === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 prefix: judged by the IPv4 address inside.
  if (
    (zeroHead && g5 === 0xffff) ||
    (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
  )
    return v4Refusal(g6 * 65536 + g7);
  if ((g0 & 0xfe00) === 0xfc00) return "unique local";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  if ((g0 & 0xffc0) === 0xfec0) return "site-local";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  if (g0 === 0x2001 && g1 === 0x0db8) return "documentation";
  return null;
}

/**
 * Why a webhook may not be delivered to this IP address (private, loopback, link-local, CGNAT,
 * multicast, unspecified, unique local...), or null when it is a public address. Text that is
 * not an IP address is refused too: only resolved addresses are judged.
 */
export function addressRefusal(address: string): string | null {
  const v4 = ipv4Number(address);
  if (v4 !== null) return v4Refusal(v4);
  const v6 = ipv6Groups(address);
  if (v6 !== null) return v6Refusal(v6);
  return "not an IP address";
}

/** A delivery waiting to be sent, as the ordering rule sees it. */
export interface WaitingDelivery {
  id: string;
  /** The order deliveries were made in (per subscription). */
  seq: number;
  /** Events sharing a key (a call's sid) arrive in order; null: no order needed. */
  orderKey: string | null;
}

/**
 * The ordering rule: a delivery with an order key goes only once every earlier delivery of the
 * same subscription and key is no longer pending (delivered, or failed for good). So a call's
 * `call.completed` never arrives before its `call.ringing`; a receiver that is down holds the
 * later ones back until the earlier ones have had all their retries. `pending` is the
 * subscription's pending deliveries; answers whether `delivery` may go now.
 */
export function mayDeliverNow(delivery: WaitingDelivery, pending: readonly WaitingDelivery[]): boolean {
  if (delivery.orderKey === null) return true;
  return !pending.some(
    (other) => other.id !== delivery.id && other.orderKey === delivery.orderKey && other.seq < delivery.seq,
  );
}
