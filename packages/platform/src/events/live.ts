import { type EventBus, MessagePack } from "./bus";

/** Typed live events for the console; one channel per account. */
export type LiveEvent =
  | {
      type: "call.updated";
      callSid: string;
      status: string;
      from: string;
      to: string;
      direction: string;
      /** Taken on a member's phone (its leg reported the answer): held and transferred from Active Calls. */
      answeredOn?: "phone";
    }
  | { type: "message.received"; messageSid: string; from: string; to: string; body: string }
  | { type: "message.status"; messageSid: string; status: string }
  | { type: "voicemail.created"; recordingSid: string; from: string; durationSeconds: number }
  | {
      /** The worker fetched the recording and settled (or deferred) its transcription. */
      type: "voicemail.updated";
      voicemailId: string;
      recordingSid: string;
      transcriptionStatus: string;
      transcription: string | null;
      /** Whether our copy of the recording is stored. */
      stored: boolean;
    }
  | {
      /** A member is writing to this contact: the others' threads say "<name> is writing…". */
      type: "inbox.typing";
      ourNumber: string;
      peerNumber: string;
      userId: string;
      name: string;
    }
  | {
      /** Someone assigned, resolved or wrote a note on an inbox item: the consoles refetch it. */
      type: "inbox.updated";
      subject: "conversation" | "voicemail" | "call";
    }
  /** A member's bell got an entry: their console refetches it (others ignore it). */
  | { type: "notification.created"; userId: string }
  /** A member's call from the softphone was not placed, and why (their softphone shows it). */
  | { type: "softphone.refused"; userId: string; callSid: string; message: string }
  /** A call's room changed (held, a party called, joined or left): the softphone on it refetches it. */
  | { type: "call.room"; callSid: string }
  /** A member's state may have changed (socket, availability, call): consoles refetch the presence. */
  | { type: "presence.changed"; userId: string }
  /** A ring group's line changed (a caller joined, was taken, left, or asked for a callback). */
  | { type: "queue.changed" };

const CHANNEL_PREFIX = "live:";
export const liveChannel = (accountId: string) => `${CHANNEL_PREFIX}${accountId}`;

/** How long posted live events wait for others to go with them (see `post`). */
export const LIVE_BATCH_MS = 5;

type WarnLog = { warn(obj: object, msg: string): void };

let isoMillisecond = Number.NaN;
let isoString = "";
/** Now as an ISO 8601 string, made once per millisecond (posted events come many to the millisecond). */
function nowIso(): string {
  const now = Date.now();
  if (now !== isoMillisecond) {
    isoMillisecond = now;
    isoString = new Date(now).toISOString();
  }
  return isoString;
}

/**
 * A string JSON.stringify may escape: a quote, a backslash, a control character (it escapes the
 * C0 ones), a lone surrogate.
 */
const NEEDS_ESCAPE = /["\\\p{Cc}\p{Cs}]/u;

/**
 * The event's JSON with its `at` last, as JSON.stringify({ ...event, at }) writes it. Events are
 * flat (strings, numbers, booleans, null), and written here field by field: each incoming call
 * posts one, and the generic writer, on a spread copy, cost as much as the rest of the posting.
 * Anything else (a nested value) is left to JSON.stringify.
 */
export function eventJson(event: LiveEvent, at: string): string {
  let json = "{";
  for (const name in event) {
    const value: unknown = Reflect.get(event, name);
    let written: string;
    if (typeof value === "string") written = NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
    else if (typeof value === "number") written = Number.isFinite(value) ? String(value) : "null";
    else if (typeof value === "boolean" || value === null) written = String(value);
    else if (value === undefined) continue;
    else return JSON.stringify({ ...event, at });
    if (name === "at") return JSON.stringify({ ...event, at });
    json += `${NEEDS_ESCAPE.test(name) ? JSON.stringify(name) : `"${name}"`}:${written},`;
  }
  return `${json}"at":"${at}"}`;
}

/** The one notifier: turns domain events into messages for the right account's browsers. */
export function createLiveEvents(bus: EventBus) {
  // Events posted without waiting (`post`), sent together LIVE_BATCH_MS after the first of them:
  // under load, the webhooks answered in that time cost one bus command, one write to Redis and
  // one promise between them (a command per call cost a write and a read each, as much as the
  // answer's own write). A console sees the event a few milliseconds later. They wait serialized,
  // one string each (see MessagePack).
  let queued = new MessagePack();
  let logs: WarnLog[] = [];
  const flush = () => {
    const messages = queued;
    const waiting = logs;
    queued = new MessagePack();
    logs = [];
    const failed = (err: unknown) => {
      let i = 0;
      for (const [channel, message] of messages) {
        const accountId = channel.slice(CHANNEL_PREFIX.length);
        waiting[i++]?.warn({ err, accountId, type: (message as LiveEvent).type }, "live event not published");
      }
    };
    try {
      bus.publishMany(messages).catch(failed);
    } catch (err) {
      failed(err);
    }
  };
  return {
    publish(accountId: string, event: LiveEvent) {
      return bus.publish(liveChannel(accountId), { ...event, at: new Date().toISOString() });
    },
    /**
     * Publishes without waiting, within LIVE_BATCH_MS, with the other events posted meanwhile; a
     * failure is logged on `log`, one that never settles holds nothing but itself.
     */
    post(accountId: string, event: LiveEvent, log: WarnLog): void {
      if (queued.size === 0) setTimeout(flush, LIVE_BATCH_MS).unref();
      queued.addJson(liveChannel(accountId), eventJson(event, nowIso()));
      logs.push(log);
    },
    subscribe(accountId: string, handler: (event: LiveEvent & { at: string }) => void) {
      return bus.subscribe(liveChannel(accountId), (message) =>
        handler(message as LiveEvent & { at: string }),
      );
    },
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;

/**
 * Publishes without waiting: for answers (the carrier's above all) that must not hang on Redis.
 * A publish that fails is logged; one that never settles holds nothing but itself.
 */
export function publishLiveEvent(
  live: Pick<LiveEvents, "post">,
  log: WarnLog,
  accountId: string,
  event: LiveEvent,
): void {
  live.post(accountId, event, log);
}
