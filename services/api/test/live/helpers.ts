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

/** The next frame the socket receives, parsed; fails after a while. */
export function nextEvent(ws: WebSocket, ms = 5000): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no live event in time")), ms);
    ws.once("message", (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(data)));
    });
  });
}

export function closeAndWait(ws: WebSocket) {
  return new Promise<void>((resolve) => {
    ws.once("close", () => resolve());
    ws.close();
  });
}
