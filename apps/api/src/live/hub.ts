import type { LiveEvent, LiveEvents } from "@poundline/platform/events/live";

/** What the hub needs of a socket: send a text frame, and whether it is still open. */
export interface LiveSocket {
  send(data: string): void;
  readonly readyState: number;
}

const OPEN = 1;

interface AccountChannel {
  sockets: Set<LiveSocket>;
  unsubscribe: () => void;
}

/**
 * The open consoles of this instance, by account. One bus subscription per account, shared by
 * every socket of that account on this instance; an event is serialised once and written to each
 * of them. The subscription is dropped with the account's last socket.
 */
export function createLiveHub(live: Pick<LiveEvents, "subscribe">) {
  const channels = new Map<string, AccountChannel>();

  function deliver(accountId: string, event: LiveEvent & { at: string }) {
    const channel = channels.get(accountId);
    if (!channel) return;
    const frame = JSON.stringify(event);
    for (const socket of channel.sockets) if (socket.readyState === OPEN) socket.send(frame);
  }

  return {
    /** Adds a socket to its account's channel; returns the function that removes it. */
    join(accountId: string, socket: LiveSocket): () => void {
      let channel = channels.get(accountId);
      if (!channel) {
        const unsubscribe = live.subscribe(accountId, (event) => deliver(accountId, event));
        channel = { sockets: new Set(), unsubscribe };
        channels.set(accountId, channel);
      }
      channel.sockets.add(socket);
      return () => {
        const current = channels.get(accountId);
        if (!current?.sockets.delete(socket) || current.sockets.size > 0) return;
        current.unsubscribe();
        channels.delete(accountId);
      };
    },
    /** Open sockets and subscribed accounts: for tests and the bench. */
    stats() {
      let sockets = 0;
      for (const channel of channels.values()) sockets += channel.sockets.size;
      return { accounts: channels.size, sockets };
    },
    close() {
      for (const channel of channels.values()) channel.unsubscribe();
      channels.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
