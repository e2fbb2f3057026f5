import type { Redis } from "ioredis";

/** How long an open socket counts without a heartbeat: two and a half beats of 30 s. */
export const SOCKET_TTL_MS = 75_000;
/** A call nobody said ended (a lost callback, a closed browser) stops counting after this. */
export const CALL_TTL_MS = 4 * 3_600_000;

/**
 * Who of an account is online (an open console socket) and on which calls, shared by every API
 * instance: Redis when there is one, this process's memory otherwise (the embedded single
 * process). Entries expire unless renewed, so an instance that dies takes its sockets with it.
 */
export interface PresenceStore {
  /** Marks sockets open (or still open) until `ttlMs` from now: the live route's heartbeat. */
  socketsOpen(accountId: string, sockets: readonly SocketRef[], ttlMs?: number): Promise<void>;
  socketClosed(accountId: string, socket: SocketRef): Promise<void>;
  /** The user ids with an open socket on any instance. */
  online(accountId: string): Promise<Set<string>>;
  callJoined(accountId: string, userId: string, callSid: string): Promise<void>;
  callLeft(accountId: string, userId: string, callSid: string): Promise<void>;
  /** The calls each member is on, by user id. */
  calls(accountId: string): Promise<Map<string, string[]>>;
}

export interface SocketRef {
  userId: string;
  socketId: string;
}

/** Sets of `<userId>/<id>` whose entries expire one by one. */
interface ExpiringSets {
  add(key: string, entries: readonly string[], expiresAt: number): Promise<void>;
  remove(key: string, entry: string): Promise<void>;
  /** The entries not yet expired at `now`. */
  live(key: string, now: number): Promise<string[]>;
}

export function createPresenceStore(
  redis: Redis | null,
  keyPrefix: string,
  now: () => number = Date.now,
): PresenceStore {
  const sets = redis ? redisSets(redis) : memorySets();
  const socketsKey = (accountId: string) => `${keyPrefix}:presence:${accountId}:sockets`;
  const callsKey = (accountId: string) => `${keyPrefix}:presence:${accountId}:calls`;
  const entry = (userId: string, id: string) => `${userId}/${id}`;
  const split = (value: string) => {
    const slash = value.indexOf("/");
    return { userId: value.slice(0, slash), id: value.slice(slash + 1) };
  };
  return {
    socketsOpen(accountId, sockets, ttlMs = SOCKET_TTL_MS) {
      const entries = sockets.map((s) => entry(s.userId, s.socketId));
      return sets.add(socketsKey(accountId), entries, now() + ttlMs);
    },
    socketClosed(accountId, socket) {
      return sets.remove(socketsKey(accountId), entry(socket.userId, socket.socketId));
    },
    async online(accountId) {
      const entries = await sets.live(socketsKey(accountId), now());
      return new Set(entries.map((value) => split(value).userId));
    },
    callJoined(accountId, userId, callSid) {
      return sets.add(callsKey(accountId), [entry(userId, callSid)], now() + CALL_TTL_MS);
    },
    callLeft(accountId, userId, callSid) {
      return sets.remove(callsKey(accountId), entry(userId, callSid));
    },
    async calls(accountId) {
      const byMember = new Map<string, string[]>();
      for (const value of await sets.live(callsKey(accountId), now())) {
        const { userId, id } = split(value);
        byMember.set(userId, [...(byMember.get(userId) ?? []), id]);
      }
      return byMember;
    },
  };
}

/**
 * A sorted set per key, scored by expiry: a read drops what expired, and the key itself expires
 * with its last entry (an account nobody uses leaves nothing behind).
 */
function redisSets(redis: Redis): ExpiringSets {
  return {
    async add(key, entries, expiresAt) {
      if (entries.length === 0) return;
      const scored = entries.flatMap((value) => [expiresAt, value]);
      await redis
        .multi()
        .zadd(key, ...scored)
        .pexpireat(key, expiresAt)
        .exec();
    },
    async remove(key, entry) {
      await redis.zrem(key, entry);
    },
    async live(key, now) {
      const [, read] =
        (await redis.multi().zremrangebyscore(key, "-inf", now).zrange(key, 0, -1).exec()) ?? [];
      return (read?.[1] as string[] | undefined) ?? [];
    },
  };
}

function memorySets(): ExpiringSets {
  const sets = new Map<string, Map<string, number>>();
  return {
    async add(key, entries, expiresAt) {
      const set = sets.get(key) ?? new Map<string, number>();
      for (const value of entries) set.set(value, expiresAt);
      sets.set(key, set);
    },
    async remove(key, entry) {
      sets.get(key)?.delete(entry);
    },
    async live(key, now) {
      const set = sets.get(key);
      if (!set) return [];
      for (const [value, expiresAt] of set) if (expiresAt <= now) set.delete(value);
      if (set.size === 0) sets.delete(key);
      return [...set.keys()];
    },
  };
}
