import { announcePresence } from "@poundline/modules/people/presence";
import { type PresenceStore, SOCKET_TTL_MS, type SocketRef } from "@poundline/modules/people/presence-store";
import type { LiveEvents } from "@poundline/platform/events/live";

type WarnLog = { warn(obj: object, msg: string): void };

export interface OpenSocket extends SocketRef {
  accountId: string;
}

/**
 * The presence side of the live sockets: a socket opened or closed is written to the shared store
 * and then announced (so a console refetching hears the store already changed); the heartbeat
 * renews this instance's sockets, which expire on their own if the instance dies.
 */
export function createSocketPresence(
  deps: { presence: PresenceStore; live: Pick<LiveEvents, "post"> },
  log: WarnLog,
  heartbeatMs: number,
) {
  const ttlMs = Math.max(SOCKET_TTL_MS, heartbeatMs * 2.5);
  const settle = (socket: OpenSocket, write: Promise<void>) =>
    write.then(
      () => announcePresence(deps.live, log, socket.accountId, socket.userId),
      (err: unknown) => log.warn({ err, accountId: socket.accountId }, "presence not updated"),
    );
  return {
    opened: (socket: OpenSocket) =>
      settle(socket, deps.presence.socketsOpen(socket.accountId, [socket], ttlMs)),
    closed: (socket: OpenSocket) => settle(socket, deps.presence.socketClosed(socket.accountId, socket)),
    /** One write per account, whatever its number of sockets here. */
    async renew(sockets: Iterable<OpenSocket>) {
      const byAccount = new Map<string, OpenSocket[]>();
      for (const socket of sockets)
        byAccount.set(socket.accountId, [...(byAccount.get(socket.accountId) ?? []), socket]);
      await Promise.all(
        [...byAccount].map(([accountId, open]) => deps.presence.socketsOpen(accountId, open, ttlMs)),
      );
    },
  };
}
