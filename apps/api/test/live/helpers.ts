import type { FastifyInstance } from "fastify";
import { WebSocket } from "ws";

/** Listens on a free local port (once) and answers the websocket URL of /api/live. */
export async function liveUrl(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === "object") return `ws://127.0.0.1:${address.port}/api/live`;
  await app.listen({ port: 0, host: "127.0.0.1" });
  return liveUrl(app);
}

/** A console's websocket, resolved once the server's hello arrived (it has joined its account). */
export function openLive(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once("error", reject);
    ws.once("message", () => resolve(ws));
  });
}

/**
 * The next frame the socket receives, parsed; fails after a while. Presence frames (a console
 * opened or closed, its own included) are passed over unless asked for.
 */
export function nextEvent(
  ws: WebSocket,
  ms = 5000,
  wanted: (frame: Record<string, unknown>) => boolean = (frame) => frame.type !== "presence.changed",
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.off("message", onMessage);
      reject(new Error("no live event in time"));
    }, ms);
    const onMessage = (data: unknown) => {
      const frame = JSON.parse(String(data)) as Record<string, unknown>;
      if (!wanted(frame)) return;
      clearTimeout(timer);
      ws.off("message", onMessage);
      resolve(frame);
    };
    ws.on("message", onMessage);
  });
}

export function closeAndWait(ws: WebSocket) {
  return new Promise<void>((resolve) => {
    ws.once("close", () => resolve());
    ws.close();
  });
}
