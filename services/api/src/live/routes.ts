import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { createOriginMatcher } from "../http/origin";
import { createLiveHub } from "./hub";

/** How often open sockets are pinged; one that has not answered the previous ping is dropped. */
const HEARTBEAT_MS = 30_000;

export interface LiveRoutesOptions {
  allowedOrigins: string[];
}

/**
 * `GET /api/live`: the console's websocket. Signed in (session cookie) and from one of our
 * origins, or refused before the upgrade; then it carries the account's live events, and only
 * them, until the browser leaves. The client sends nothing: it refetches over REST after a
 * reconnect (catch-up), so the socket needs no replay.
 */
export async function liveRoutes(fastify: FastifyInstance, options: LiveRoutesOptions) {
  const originOf = createOriginMatcher(options.allowedOrigins);
  const hub = createLiveHub(fastify.deps.live);
  const alive = new WeakSet<WebSocket>();
  const open = new Set<WebSocket>();

  const heartbeat = setInterval(() => {
    for (const socket of open) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  fastify.addHook("onClose", async () => {
    clearInterval(heartbeat);
    hub.close();
  });

  fastify.get(
    "/live",
    {
      websocket: true,
      // Refusals are answered over HTTP, before the upgrade: 403 for a foreign page, 401 without a session.
      preValidation: async (request) => {
        // Browsers always send Origin on a websocket handshake; cookies ride along cross-site.
        const origin = request.headers.origin;
        if (!origin || originOf(origin, request.host) !== "allowed")
          throw new AppError("FORBIDDEN", "Cross-origin request refused");
        requireAccount(request);
      },
    },
    (socket, request) => {
      const { account } = requireAccount(request);
      alive.add(socket);
      open.add(socket);
      socket.on("pong", () => alive.add(socket));
      const leave = hub.join(account.id, socket);
      socket.on("close", () => {
        open.delete(socket);
        leave();
      });
      // The client speaks only to close; anything else is ignored.
      socket.send(JSON.stringify({ type: "hello", at: new Date().toISOString() }));
    },
  );
}
