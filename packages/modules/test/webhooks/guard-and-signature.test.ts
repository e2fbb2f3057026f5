import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedPost, type Resolver } from "../../src/webhooks/guarded-post";
import { newWebhookSecret, signWebhook, webhookHeaders } from "../../src/webhooks/signature";

describe("signing (Standard Webhooks)", () => {
  const secret = newWebhookSecret();
  const at = new Date();
  const body = JSON.stringify({ type: "contact.created", timestamp: at.toISOString(), data: { id: "ct_1" } });

  it("makes secrets of the standard's shape", () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
  });

  it("signs as the package does", () => {
    const seconds = Math.floor(at.getTime() / 1000);
    const expected = new Webhook(secret).sign("evt_1", new Date(seconds * 1000), body);
    expect(signWebhook(secret, "evt_1", seconds, body)).toBe(expected);
  });

  it("headers the package verifies", () => {
    const headers = webhookHeaders(secret, "evt_1", at, body);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: "contact.created" });
  });

  it.each([
    ["another secret", newWebhookSecret(), body],
    ["a changed body", secret, body.replace("ct_1", "ct_2")],
  ])("fails to verify with %s", (_what, key, received) => {
    const headers = webhookHeaders(secret, "evt_1", at, body);
    expect(() => new Webhook(key).verify(received, headers)).toThrow();
  });
});

describe("the address guard at connect time", () => {
  let server: Server;
  let port: number;
  let requests = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const to =
    (address: string): Resolver =>
    async () => [{ address, family: address.includes(":") ? 6 : 4 }];
  const post = (url: string, resolve: Resolver, allowPrivateAddresses = false) =>
    guardedPost(url, { "content-type": "application/json" }, "{}", { allowPrivateAddresses, resolve });

  it("refuses a name that resolves to 127.0.0.1, without connecting", async () => {
    const before = requests;
    const outcome = await post(`http://rebind.example:${port}/hook`, to("127.0.0.1"));
    expect(outcome).toMatchObject({ statusCode: null, error: expect.stringContaining("loopback") });
    expect(requests).toBe(before);
  });

  it.each([
    ["a loopback literal", "http://127.0.0.1:9/hook"],
    ["the metadata service", "http://169.254.169.254/latest"],
    ["IPv6 loopback", "http://[::1]:9/hook"],
    ["a unique local address", "http://[fd00::1]/hook"],
    ["a private address", "http://10.0.0.8/hook"],
  ])("refuses %s written in the URL", async (_what, url) => {
    const outcome = await post(url, to("93.184.216.34"));
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/^Refused/);
  });

  it("connects to the resolved address when private addresses are allowed (tests, local receivers)", async () => {
    const outcome = await post(`http://receiver.example:${port}/hook`, to("127.0.0.1"), true);
    expect(outcome).toMatchObject({ statusCode: 200, error: null, body: "ok" });
  });

  it("reads no more of the answer than its cap", async () => {
    const big = createServer((_req, res) => res.writeHead(200).end("x".repeat(200_000)));
    await new Promise<void>((resolve) => big.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(big.address() as AddressInfo).port}/`;
    const outcome = await guardedPost(url, {}, "{}", { allowPrivateAddresses: true, maxResponseBytes: 1024 });
    await new Promise((resolve) => big.close(resolve));
    expect(outcome.statusCode).toBe(200);
    expect(outcome.body.length).toBe(1024);
  });
});
