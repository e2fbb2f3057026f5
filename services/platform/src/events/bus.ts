import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";

export type BusHandler = (message: unknown) => void;

/**
 * Messages between API instances: routing changes and live events. In-process in the embedded
 * default; Redis pub/sub when Redis is configured, so every instance hears every message.
 */
export interface EventBus {
  publish(channel: string, message: unknown): Promise<void>;
  /**
   * Publishes several messages at once, in order: one command to Redis whatever their number (the
   * live events of one turn of the event loop, see live.ts).
   */
  publishMany(messages: readonly (readonly [channel: string, message: unknown])[]): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(channel: string, handler: BusHandler): () => void;
  /** Resolves once every subscription asked for so far is live (Redis confirms asynchronously). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async publishMany(messages) {
      for (const [channel, message] of messages) emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async ready() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * PUBLISH of every (channel, message) pair of ARGV, in order: many messages in one command, so
 * one reply and one promise instead of one per message. Subscribers receive each message as if it
 * had been published on its own. Channels are not keys: numkeys is 0.
 */
const PUBLISH_MANY = `for i = 1, #ARGV, 2 do redis.call('PUBLISH', ARGV[i], ARGV[i + 1]) end`;

/** Redis pub/sub: one publishing connection (the shared one) and one subscribing connection. */
export function createRedisBus(redis: Redis, log: { warn(obj: object, msg: string): void }): EventBus {
  const subscriber = redis.duplicate({ enableAutoPipelining: false });
  // Reconnects on its own; without a listener ioredis reports every failed attempt as unhandled.
  subscriber.on("error", (err: Error) => log.warn({ err }, "bus subscriber connection error"));
  const local = createInProcessBus();
  const counts = new Map<string, number>();
  let pending: Promise<unknown> = Promise.resolve();
  subscriber.on("message", (channel: string, raw: string) => {
    try {
      void local.publish(channel, JSON.parse(raw));
    } catch (err) {
      log.warn({ err, channel }, "dropped a malformed bus message");
    }
  });
  return {
    async publish(channel, message) {
      await redis.publish(channel, JSON.stringify(message));
    },
    async publishMany(messages) {
      const [first] = messages;
      if (!first) return;
      if (messages.length === 1) return void (await redis.publish(first[0], JSON.stringify(first[1])));
      const args: string[] = [];
      for (const [channel, message] of messages) args.push(channel, JSON.stringify(message));
      // EVAL with its script sent every time: ioredis's EVALSHA fallback would cost a round trip
      // per script flush; the script is a few dozen bytes beside the messages.
      await redis.eval(PUBLISH_MANY, 0, ...args);
    },
    subscribe(channel, handler) {
      const n = counts.get(channel) ?? 0;
      counts.set(channel, n + 1);
      if (n === 0) {
        const confirmed = subscriber
          .subscribe(channel)
          .catch((err: Error) => log.warn({ err, channel }, "bus subscription failed"));
        pending = Promise.all([pending, confirmed]);
      }
      const off = local.subscribe(channel, handler);
      return () => {
        off();
        const left = (counts.get(channel) ?? 1) - 1;
        counts.set(channel, left);
        if (left === 0) void subscriber.unsubscribe(channel);
      };
    },
    async ready() {
      await pending;
    },
    async close() {
      await local.close();
      subscriber.disconnect();
    },
  };
}
