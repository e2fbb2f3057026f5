import { AppError } from "@poundline/contracts/errors";
import { schema } from "@poundline/db";
import { and, gt, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { requireAccount } from "../../auth/context";
import { createOriginMatcher } from "../../http/origin";
import { createLiveHub } from "../../live/hub";
import { createSocketPresence, type OpenSocket } from "../../live/presence";

/**
 * How often open sockets are pinged (one that has not answered the previous ping is dropped) and
 * their sessions checked again (a socket whose session ended, signed out or expired, is closed).
 */
const HEARTBEAT_MS = 30_000;
/** Close code of a socket whose session ended. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export interface LiveRoutesOptions {
  allowedOrigins: string[];
  /** Default 30 s; tests shorten it. */
  heartbeatMs?: number | undefined;
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
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const presence = createSocketPresence(fastify.deps, fastify.log, heartbeatMs);
  /** Open sockets: the session each was opened with, and who holds it (their presence). */
  const open = new Map<WebSocket, OpenSocket & { sessionId: string }>();

  /** One statement per beat for every open socket: which of their sessions still hold. */
  async function closeEndedSessions() {
    if (open.size === 0) return;
    const { db, clock } = fastify.deps;
    const ids = [...new Set([...open.values()].map((socket) => socket.sessionId))];
    const held = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await db.db
        .select({ id: schema.sessions.id })
        .from(schema.sessions)
        .where(
          and(inArray(schema.sessions.id, ids.slice(i, i + 1000)), gt(schema.sessions.expiresAt, clock())),
        );
      for (const row of rows) held.add(row.id);
    }
    for (const [socket, { sessionId }] of open)
      if (!held.has(sessionId)) socket.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
  }

  const heartbeat = setInterval(() => {
    for (const socket of open.keys()) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
    closeEndedSessions().catch((err: unknown) => fastify.log.warn({ err }, "live sessions not checked"));
    presence.renew(open.values()).catch((err: unknown) => fastify.log.warn({ err }, "presence not renewed"));
  }, heartbeatMs);
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
      const { account, user, sessionId } = requireAccount(request);
      const held = { accountId: account.id, userId: user.id, socketId: crypto.randomUUID(), sessionId };
      alive.add(socket);
      open.set(socket, held);
      socket.on("pong", () => alive.add(socket));
      const leave = hub.join(account.id, socket);
      void presence.opened(held);
      socket.on("close", () => {
        open.delete(socket);
        leave();
        void presence.closed(held);
      });
      // The client speaks only to close; anything else is ignored. Hello once the account's
      // subscription is live (Redis confirms it asynchronously): from then on, an event published
      // on any instance reaches this socket.
      void fastify.deps.bus.ready().then(
        () => {
          if (socket.readyState === socket.OPEN)
            socket.send(JSON.stringify({ type: "hello", at: new Date().toISOString() }));
        },
        (err) => request.log.warn({ err }, "live subscription not confirmed"),
      );
    },
  );
}
