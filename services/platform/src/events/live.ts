import type { EventBus } from "./bus";

/** Typed live events for the console; one channel per account. */
export type LiveEvent =
  | { type: "call.updated"; callSid: string; status: string; from: string; to: string; direction: string }
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
    };

export const liveChannel = (accountId: string) => `live:${accountId}`;

/** The one notifier: turns domain events into messages for the right account's browsers. */
export function createLiveEvents(bus: EventBus) {
  return {
    publish(accountId: string, event: LiveEvent) {
      return bus.publish(liveChannel(accountId), { ...event, at: new Date().toISOString() });
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
  live: Pick<LiveEvents, "publish">,
  log: { warn(obj: object, msg: string): void },
  accountId: string,
  event: LiveEvent,
): void {
  Promise.resolve()
    .then(() => live.publish(accountId, event))
    .catch((err: unknown) => log.warn({ err, accountId, type: event.type }, "live event not published"));
}
