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
   * live events posted within a few milliseconds, see live.ts). A `MessagePack` goes as it is.
   */
  publishMany(messages: Iterable<readonly [channel: string, message: unknown]>): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(channel: string, handler: BusHandler): () => void;
  /** Resolves once every subscription asked for so far is live (Redis confirms asynchronously). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Messages serialized as they are added, a channel and its message's JSON per line (JSON never
 * holds a raw line feed; a channel may not), sent to Redis as one string. Messages held for a
 * batch (live events wait a few milliseconds) are then one flat string each: under load, the
 * objects they were before (and the command arguments ioredis made of them) outlived
 * young-generation collections, were copied, then promoted. Iterating reads the messages back
 * (in-process delivery, failure logs).
 */
export class MessagePack implements Iterable<[channel: string, message: unknown]> {
  #lines: string[] = [];

  get size(): number {
    return this.#lines.length;
  }

  add(channel: string, message: unknown): void {
    this.addJson(channel, JSON.stringify(message) ?? "null");
  }

  /** A message already serialized (JSON.stringify's output: no raw line feed). */
  addJson(channel: string, json: string): void {
    if (channel.includes("\n")) throw new Error(`A bus channel has no line feed: ${JSON.stringify(channel)}`);
    this.#lines.push(`${channel}\n${json}\n`);
  }

  /** The lines, as sent to Redis. */
  text(): string {
    return this.#lines.join("");
  }

  *[Symbol.iterator](): Iterator<[channel: string, message: unknown]> {
    for (const line of this.#lines) {
      const channelEnd = line.indexOf("\n");
      yield [line.slice(0, channelEnd), JSON.parse(line.slice(channelEnd + 1, -1))];
    }
  }
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
 * PUBLISH of every (channel, message) pair of a pack (ARGV[1], see MessagePack), in order: many
 * messages in one command of one argument, so one reply and one promise instead of one per
 * message. Subscribers receive each message as if it had been published on its own. Channels are
 * not keys: numkeys is 0.
 */
const PUBLISH_PACK = `for channel, message in string.gmatch(ARGV[1], '([^\\n]*)\\n([^\\n]*)\\n') do redis.call('PUBLISH', channel, message) end`;

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
      let pack: MessagePack;
      if (messages instanceof MessagePack) pack = messages;
      else {
        pack = new MessagePack();
        for (const [channel, message] of messages) pack.add(channel, message);
      }
      if (pack.size === 0) return;
      // EVAL with its script sent every time: ioredis's EVALSHA fallback would cost a round trip
      // per script flush; the script is a hundred bytes beside the messages.
      await redis.eval(PUBLISH_PACK, 0, pack.text());
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
