import { createServer, request, type Server } from "node:http";
import { connect } from "node:net";

/**
 * A round-robin load balancer in front of the API instances: each HTTP request, and each
 * websocket upgrade, goes to the next instance in turn. It adds X-Forwarded-For, as a real one
 * does (the instances run with TRUST_PROXY=loopback), and keeps no session affinity at all.
 */
export function startRoundRobinProxy(port: number, upstreamPorts: number[]): Promise<Server> {
  let turn = 0;
  const next = () => upstreamPorts[turn++ % upstreamPorts.length] as number;
  const forwarded = (address: string | undefined, headers: Record<string, unknown>) => ({
    ...headers,
    "x-forwarded-for": address ?? "127.0.0.1",
  });

  const server = createServer((req, res) => {
    const upstream = request(
      {
        host: "127.0.0.1",
        port: next(),
        method: req.method,
        path: req.url,
        headers: forwarded(req.socket.remoteAddress, req.headers),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  // A websocket: the handshake is written to the next instance as it came, then bytes flow both ways.
  server.on("upgrade", (req, socket, head) => {
    const upstream = connect(next(), "127.0.0.1", () => {
      const headers = forwarded(req.socket.remoteAddress, req.headers);
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });

  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
