import type { IvrMenu, TryCallState, TryOwner } from "@poundline/domain";
import type { Redis } from "ioredis";

/** A try-it call as stored: its state, the menus it walks (fixed at its start), and a revision. */
export interface StoredTry {
  state: TryCallState;
  menus: IvrMenu[];
  /** Bumped by each update: a step saves only over the revision it read. */
  rev: number;
}

/**
 * Where try-it calls live: Redis, so a press reaches the call whichever instance gets it; this
 * process's memory without Redis (one instance). A call's keys expire with it.
 */
export interface TryCallStore {
  /** Keeps a new call (revision 0) under its id and its token, and in its owner's list. */
  create(state: TryCallState, menus: IvrMenu[], ttlMs: number): Promise<void>;
  get(id: string): Promise<StoredTry | null>;
  byToken(token: string): Promise<StoredTry | null>;
  /** Saves the state if nobody else did since revision `rev`; false when someone did. */
  update(state: TryCallState, rev: number): Promise<boolean>;
  remove(state: TryCallState): Promise<void>;
  /** The owner's calls, oldest first (ids; some may have expired). */
  startedBy(owner: TryOwner): Promise<string[]>;
}

export function createTryCallStore(
  redis: Redis | null,
  keyPrefix: string,
  now: () => number = Date.now,
): TryCallStore {
  return redis ? redisTries(redis, `${keyPrefix}:try`) : memoryTries(now);
}

const ownerKey = (owner: TryOwner) => `${owner.accountId}/${owner.sessionId}`;

/** KEYS[1]: the call's hash; ARGV[1]: the revision read, ARGV[2]: the new state. 1 when saved. */
const UPDATE_SCRIPT = `
if redis.call('HGET', KEYS[1], 'rev') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'rev', tonumber(ARGV[1]) + 1)
return 1
`;

function redisTries(redis: Redis, prefix: string): TryCallStore {
  const callKey = (id: string) => `${prefix}:call:${id}`;
  const tokenKey = (token: string) => `${prefix}:token:${token}`;
  const startedKey = (owner: TryOwner) => `${prefix}:owner:${ownerKey(owner)}`;

  const read = async (id: string): Promise<StoredTry | null> => {
    const [state, menus, rev] = await redis.hmget(callKey(id), "state", "menus", "rev");
    if (!state || !menus || rev === null) return null;
    return { state: JSON.parse(state), menus: JSON.parse(menus), rev: Number(rev) };
  };

  return {
    async create(state, menus, ttlMs) {
      const started = startedKey(state.owner);
      await redis
        .multi()
        .hset(callKey(state.id), "state", JSON.stringify(state), "menus", JSON.stringify(menus), "rev", 0)
        .pexpire(callKey(state.id), ttlMs)
        .set(tokenKey(state.token), state.id, "PX", ttlMs)
        .rpush(started, state.id)
        .pexpire(started, ttlMs)
        .exec();
    },
    get: read,
    async byToken(token) {
      const id = await redis.get(tokenKey(token));
      return id ? read(id) : null;
    },
    async update(state, rev) {
      const saved = await redis.eval(UPDATE_SCRIPT, 1, callKey(state.id), String(rev), JSON.stringify(state));
      return saved === 1;
    },
    async remove(state) {
      await redis
        .multi()
        .del(callKey(state.id), tokenKey(state.token))
        .lrem(startedKey(state.owner), 0, state.id)
        .exec();
    },
    startedBy(owner) {
      return redis.lrange(startedKey(owner), 0, -1);
    },
  };
}

/** One instance's calls: forgotten once expired, at the next look. */
function memoryTries(now: () => number): TryCallStore {
  const calls = new Map<string, StoredTry & { expiresAt: number }>();
  const idsByToken = new Map<string, string>();

  const live = (id: string | undefined) => {
    const call = id === undefined ? undefined : calls.get(id);
    if (!call) return null;
    if (call.expiresAt > now()) return call;
    calls.delete(call.state.id);
    idsByToken.delete(call.state.token);
    return null;
  };
  // Copies in and out, as Redis would: a caller's later change is not a save.
  const copy = (call: StoredTry): StoredTry =>
    structuredClone({ state: call.state, menus: call.menus, rev: call.rev });

  return {
    async create(state, menus, ttlMs) {
      calls.set(state.id, { ...copy({ state, menus, rev: 0 }), expiresAt: now() + ttlMs });
      idsByToken.set(state.token, state.id);
    },
    async get(id) {
      const call = live(id);
      return call && copy(call);
    },
    async byToken(token) {
      const call = live(idsByToken.get(token));
      return call && copy(call);
    },
    async update(state, rev) {
      const call = live(state.id);
      if (!call || call.rev !== rev) return false;
      call.state = structuredClone(state);
      call.rev += 1;
      return true;
    },
    async remove(state) {
      calls.delete(state.id);
      idsByToken.delete(state.token);
    },
    async startedBy(owner) {
      const key = ownerKey(owner);
      return [...calls.values()]
        .filter((c) => live(c.state.id) && ownerKey(c.state.owner) === key)
        .map((c) => c.state.id);
    },
  };
}
