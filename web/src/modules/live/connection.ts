import { type LiveFrame, reconnectDelay } from "./events";

/** The server's close code for a socket whose session ended (apps/api live/routes.ts). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export type LiveStatus = "connecting" | "open" | "closed";

export interface LiveConnectionOptions {
  url: string;
  onFrame(frame: LiveFrame): void;
  /** The socket is open again after having been lost: refetch what may have been missed. */
  onReconnect(): void;
  onStatus?(status: LiveStatus): void;
  /** The server closed the socket because the session ended: no reconnecting, check the session. */
  onSessionEnded?(): void;
  /** The WebSocket constructor (tests pass a fake). */
  WebSocketImpl?: typeof WebSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * The console's one connection to /api/live: opens, hands every frame on, and when the socket
 * drops reconnects after 1, 2, 5 then every 10 s, asking for a catch-up once it is back.
 */
export function createLiveConnection(options: LiveConnectionOptions) {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let socket: WebSocket | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let everOpened = false;
  let stopped = false;

  function open() {
    options.onStatus?.("connecting");
    const ws = new Impl(options.url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      options.onStatus?.("open");
      if (everOpened) options.onReconnect();
      everOpened = true;
    };
    ws.onmessage = (message) => {
      let frame: LiveFrame;
      try {
        frame = JSON.parse(String(message.data)) as LiveFrame;
      } catch {
        return;
      }
      options.onFrame(frame);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      options.onStatus?.("closed");
      if (stopped) return;
      if (event?.code === SESSION_ENDED_CLOSE_CODE) {
        options.onSessionEnded?.();
        return;
      }
      timer = setTimer(open, reconnectDelay(attempt));
      attempt += 1;
    };
  }

  return {
    start() {
      stopped = false;
      if (!socket && timer === null) open();
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      const ws = socket;
      socket = null;
      ws?.close();
    },
  };
}
